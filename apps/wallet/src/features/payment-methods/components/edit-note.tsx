import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@app/contracts';
import { NS } from '../../../i18n-namespace.ts';
import styles from '../../../lib/wallet.module.css';

/** Says which locked item customer service allowed the user to change, once. */
export function EditNote({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation(NS);
  return (
    <p className={styles.note} role="note" data-testid="edit-note">
      {t('methods.editNote', { method: `${method.title} ${method.masked}` })}
    </p>
  );
}
