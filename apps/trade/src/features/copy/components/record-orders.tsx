import { useTranslation } from 'react-i18next';
import { useFormatters } from '@app/i18n/client';
import { OrderIcon } from '@app/ui';
import { PagedList } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { DirectionLabel } from '../../../lib/direction-label.tsx';
import { usePeriodLabel } from '../../../lib/period.ts';
import { SignedMoney } from '../../../lib/signed-money.tsx';
import { useGetRecordOrderPagesInfiniteQuery } from '../api/copy-api.ts';
import { OrderPrices, ResultWord } from './order-prices.tsx';
import styles from './copy.module.css';

/** Every order of a record, newest first, win or lose: stake, period, open and settlement prices and seconds. */
export function RecordOrders({ recordId }: { recordId: number }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const period = usePeriodLabel();
  const query = useGetRecordOrderPagesInfiniteQuery(recordId, { refetchOnMountOrArgChange: true });
  return (
    <PagedList
      query={query}
      // Inside the record's page, which has its own refresh.
      onRefresh={false}
      testId="record-orders"
      empty={{ compact: true, headingLevel: 3, icon: <OrderIcon />, title: t('copy.noRecordOrders') }}
      renderItem={(o) => (
        <div className={styles.row} data-testid={`record-order-${o.id}`}>
          <div className={styles.rowHead}>
            <span>
              {o.symbol} <DirectionLabel direction={o.direction} />
            </span>
            <ResultWord result={o.result} />
          </div>
          <div className={styles.meta}>
            {f.money(o.amount)} · {period(o.seconds)} · {t('copy.order.fee', { fee: f.money(o.fee) })}
            {o.pnl !== null && (
              <>
                {' · '}
                <SignedMoney value={o.pnl} />
              </>
            )}
          </div>
          <OrderPrices order={o} />
        </div>
      )}
    />
  );
}
