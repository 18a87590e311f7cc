import { useTranslation } from 'react-i18next';
import { NS } from '../../../i18n-namespace.ts';
import styles from '../../../lib/wallet.module.css';

/**
 * Before a card, an address or an account is bound (or edited): how long it must wait before it can receive a
 * withdrawal (the platform's setting, from the withdrawal rules the page reads), so the user learns it here
 * rather than at the withdraw page. Nothing while the rules load or when there is no hold.
 */
export function HoldAheadNote({ hours }: { hours: number | undefined }) {
  const { t } = useTranslation(NS);
  if (!hours) return null;
  return (
    <p className={styles.note} data-testid="hold-ahead">
      {t('methods.holdAhead', { count: hours })}
    </p>
  );
}
