import { useTranslation } from 'react-i18next';
import { AlertIcon } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import styles from './market.module.css';

/**
 * Said wherever prices are shown while they come from the built-in simulator (the server marks every price
 * payload `simulated`). Nothing is shown for a real feed.
 */
export function SimulatedNote({ simulated, long }: { simulated: boolean | undefined; long?: boolean }) {
  const { t } = useTranslation(NS);
  if (!simulated) return null;
  return (
    <p className={styles.note} data-testid="simulated-note">
      <AlertIcon size={14} className={styles.noteIcon} aria-hidden="true" />
      <span>{t(long ? 'market.simulatedLong' : 'market.simulated')}</span>
    </p>
  );
}
