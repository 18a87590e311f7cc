import { useTranslation } from 'react-i18next';
import { Button, Dialog } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import styles from './order-sheet.module.css';

/** Shown before the first order on this device; accepting it is remembered. */
export function RiskNotice({
  open,
  onAccept,
  onCancel,
}: {
  open: boolean;
  onAccept: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Dialog
      open={open}
      title={t('risk.title')}
      onClose={onCancel}
      actions={
        <>
          <Button variant="outline" onClick={onCancel}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button onClick={onAccept}>{t('risk.accept')}</Button>
        </>
      }
    >
      <ul className={styles.riskList}>
        <li>{t('risk.loss')}</li>
        <li>{t('risk.price')}</li>
        <li>{t('risk.simulated')}</li>
        <li>{t('risk.noAdvice')}</li>
      </ul>
    </Dialog>
  );
}
