import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Order } from '@app/contracts';
import { formatDuration, useFormatters } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { DirectionLabel } from '../../../lib/direction-label.tsx';
import { usePeriodLabel } from '../../../lib/period.ts';
import { useTimeFormat } from '../../../lib/time-format.ts';
import { secondsLeft } from '../hooks/use-clock.ts';
import { PnlText, ResultLabel } from './result-text.tsx';
import styles from './orders.module.css';

/** One order in a list: a holding one counts down (clock from the list), a settled one shows its result. */
export function OrderRow({ order, tab, nowMs }: { order: Order; tab: string; nowMs: number }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const time = useTimeFormat();
  const period = usePeriodLabel();
  const left = secondsLeft(order.settle_time, nowMs);
  return (
    <Link
      className={styles.row}
      to={{ pathname: '/pages/user/order', search: `?tab=${tab}&id=${order.id}` }}
      data-testid={`order-${order.id}`}
    >
      <span className={styles.rowMain}>
        <span className={styles.rowTitle}>
          {order.symbol}
          <DirectionLabel direction={order.direction} />
        </span>
        <span className={styles.rowMeta}>
          {f.money(order.amount)} · {period(order.seconds)} · {time.dateTimeSeconds(order.open_time)}
        </span>
      </span>
      <span className={styles.rowSide}>
        {order.status === 'open' ? (
          <>
            <span className={styles.rowValue}>{left > 0 ? formatDuration(left) : t('running.settlingShort')}</span>
            <span className={styles.rowMeta}>{t('orders.holding')}</span>
          </>
        ) : (
          <>
            <PnlText pnl={order.pnl} className={styles.rowValue} />
            <span className={styles.rowMeta}>
              <ResultLabel result={order.result} />
            </span>
          </>
        )}
      </span>
    </Link>
  );
}
