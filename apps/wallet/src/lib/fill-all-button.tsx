import { useTranslation } from 'react-i18next';
import { Button } from '@app/ui';
import { NS } from '../i18n-namespace.ts';

/**
 * "All" inside an amount box: fills in the whole amount the user may use (cash for a withdrawal or a coin
 * purchase, the coins held for a sale), so nobody has to copy a balance digit by digit. Nothing to fill: disabled.
 */
export function FillAllButton({ amount, onFill }: { amount: string | null; onFill: (amount: string) => void }) {
  const { t } = useTranslation(NS);
  const usable = amount !== null && Number(amount) > 0;
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={!usable}
      // A hint, not the name: the name stays the word on the button (axe: label-content-name-mismatch).
      title={t('amount.allLabel')}
      onClick={() => usable && onFill(amount)}
    >
      {t('amount.all')}
    </Button>
  );
}
