import { useTranslation } from 'react-i18next';
import type { OrderMode } from '@app/contracts';
import { NS } from '../i18n-namespace.ts';
import { setTradeMode, useTradeMode } from './trade-mode.ts';
import styles from './practice.module.css';
import './practice-accent.css';

/** Real / Practice: the mode every order on this screen is placed in. */
export function ModeSwitch({ label }: { label?: string }) {
  const { t } = useTranslation(NS);
  const mode = useTradeMode();
  const choose = (m: OrderMode) => () => setTradeMode(m);
  return (
    <div className={styles.switch} role="group" aria-label={label ?? t('practice.switchLabel')}>
      {(['real', 'practice'] as const).map((m) => (
        <button key={m} type="button" aria-pressed={mode === m} onClick={choose(m)} data-testid={`mode-${m}`}>
          {t(`practice.mode.${m}`)}
        </button>
      ))}
    </div>
  );
}

/** The "Practice" badge: shown on every price and order screen, and in every step of the order sheet. */
export function PracticeBadge() {
  const { t } = useTranslation(NS);
  return (
    <span className={styles.badge} data-testid="practice-badge">
      {t('practice.badge')}
    </span>
  );
}
