import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { Button, Dialog } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { precisionOf } from '../../../lib/decimal.ts';
import { DirectionLabel } from '../../../lib/direction-label.tsx';
import { useTimeFormat } from '../../../lib/time-format.ts';
import { PnlText, ResultLabel } from './result-text.tsx';
import styles from './orders.module.css';

/** The settled order as the server recorded it: prices with their seconds, the result, P/L and payout. */
export function ResultDialog({
  order,
  onContinue,
  onDetails,
}: {
  order: Order | null;
  onContinue: () => void;
  onDetails: (order: Order) => void;
}) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const time = useTimeFormat();
  if (!order) return null;
  const precision = precisionOf(order.open_price);
  const rows: Array<[string, ReactNode]> = [
    [t('detail.product'), order.symbol],
    [t('detail.direction'), <DirectionLabel direction={order.direction} />],
    [t('detail.amount'), f.money(order.amount)],
    [t('detail.openPrice'), `${f.number(order.open_price, precision)} · ${time.time(order.open_time)}`],
    [
      t('detail.settlePrice'),
      order.settle_price ? `${f.number(order.settle_price, precision)} · ${time.time(order.settle_time)}` : '—',
    ],
    [t('detail.payout'), order.payout ? f.money(order.payout) : '—'],
  ];
  return (
    <Dialog
      open
      title={<ResultLabel result={order.result} />}
      onClose={onContinue}
      actions={
        <>
          <Button variant="outline" onClick={() => onDetails(order)}>
            {t('result.details')}
          </Button>
          <Button onClick={onContinue}>{t('result.continue')}</Button>
        </>
      }
    >
      <div data-testid="result-dialog">
        <p className={styles.pnl}>
          <PnlText pnl={order.pnl} />
        </p>
        <dl className={styles.resultRows}>
          {rows.map(([label, value]) => (
            <div key={label} className={styles.resultRow}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Dialog>
  );
}
