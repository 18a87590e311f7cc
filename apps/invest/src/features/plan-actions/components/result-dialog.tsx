import { useTranslation } from 'react-i18next';
import type { InvestResult } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { Button, Dialog } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../../../i18n-namespace.ts';
import styles from './sheet.module.css';

/** The outcome of a move, with the figures that changed. */
export default function ResultDialog({
  message,
  result,
  onClose,
}: {
  message: string;
  result: InvestResult & { quote?: { total_back: string } };
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const h = result.holding;
  return (
    <Dialog
      open
      title={message}
      onClose={onClose}
      actions={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('actions.close', { ns: 'common' })}
          </Button>
          <LinkButton href="#/pages/project/myproject" onClick={onClose}>
            {t('mine.title')}
          </LinkButton>
        </>
      }
    >
      <dl className={styles.terms} data-testid="result">
        <dt>{t('holding.principal')}</dt>
        <dd>{f.money(h.principal)}</dd>
        <dt>{t('holding.status')}</dt>
        <dd>{t(`status.${h.status}`)}</dd>
        {result.quote ? (
          <>
            <dt>{t('stop.totalBack')}</dt>
            <dd className={styles.strong}>{f.money(result.quote.total_back)}</dd>
          </>
        ) : (
          <>
            <dt>{t('sheet.atMaturity')}</dt>
            <dd className={styles.strong}>{f.money(h.amount_at_maturity)}</dd>
            <dt>{t('holding.maturity')}</dt>
            <dd>{f.dateTime(h.maturity_time)}</dd>
          </>
        )}
      </dl>
    </Dialog>
  );
}
