import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { selectIsLoggedIn, useAppSelector } from '@app/api-client';
import { useFormatters } from '@app/i18n/client';
import { cx } from '@app/ui';
import { apiErrorText } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { useGetPracticeQuery, useResetPracticeMutation } from '../api/practice-api.ts';
import { useTradeMode, usePracticeAccent } from '../../../lib/trade-mode.ts';
import { ModeSwitch, PracticeBadge } from '../../../lib/mode-switch.tsx';
import styles from '../../../lib/practice.module.css';

const PNL_PATH = '/pages/trade/pnl';

/**
 * The top bar of a price or order screen: the mode switch and, in practice mode, the badge, the virtual
 * balance and its once-a-day reset. It also puts the practice accent on the document.
 */
export function ModeBar() {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const mode = useTradeMode();
  usePracticeAccent(mode);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  // On My trading itself the link would lead nowhere: it is left out there.
  const onPnl = useLocation().pathname === PNL_PATH;
  const practice = mode === 'practice';
  const account = useGetPracticeQuery(undefined, { skip: !loggedIn || !practice });
  const [reset, resetState] = useResetPracticeMutation();
  const [message, setMessage] = useState<string | null>(null);
  const onReset = async () => {
    setMessage(null);
    try {
      await reset().unwrap();
      setMessage(t('practice.resetDone'));
    } catch (error) {
      setMessage(apiErrorText(error, t));
    }
  };
  return (
    <div className={cx(styles.bar, practice && styles.practiceBar)} data-testid="mode-bar">
      <ModeSwitch />
      {!onPnl && (
        <a className={styles.pnlLink} href={`#${PNL_PATH}`} data-testid="pnl-link">
          {t('pnl.link')}
        </a>
      )}
      {practice && (
        <>
          <PracticeBadge />
          {account.data && (
            <span className={styles.balance} data-testid="practice-balance">
              {t('practice.balance', { amount: f.money(account.data.available) })}
            </span>
          )}
          {account.data && (
            <button
              type="button"
              className={styles.reset}
              disabled={!account.data.can_reset || resetState.isLoading}
              onClick={() => void onReset()}
            >
              {account.data.can_reset ? t('practice.reset') : t('practice.resetUsed')}
            </button>
          )}
          <p className={styles.msg} role="status">
            {message ?? t('practice.explain')}
          </p>
        </>
      )}
    </div>
  );
}
