import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CopyOrder } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { OrderIcon } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { PagedList } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { DirectionLabel } from '../../../lib/direction-label.tsx';
import { usePeriodLabel } from '../../../lib/period.ts';
import { SignedMoney } from '../../../lib/signed-money.tsx';
import { useGetCopyOrderPagesInfiniteQuery } from '../api/copy-api.ts';
import { OrderPrices, ResultWord } from './order-prices.tsx';
import styles from './copy.module.css';

/**
 * The Order tab's follow-trade orders: each leader order and what became of my copy. A copy carries the
 * leader's own open second and price; a skipped one says why, in my language.
 */
export function CopyOrderList({ tab }: { tab: string }) {
  const { t } = useTranslation(NS);
  const query = useGetCopyOrderPagesInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <PagedList
      query={query}
      renderItem={(c) => <CopyRow copy={c} tab={tab} />}
      testId="copy-orders"
      header={
        <div className={styles.toolbar}>
          <Link className={styles.link} to="/pages/copy/leaders">
            {t('copy.leadersTitle')}
          </Link>
          <Link className={styles.link} to="/pages/copy/following">
            {t('copy.mySubscriptions')}
          </Link>
        </div>
      }
      empty={{
        icon: <OrderIcon />,
        title: t('copy.noCopies'),
        description: t('copy.noCopiesBody'),
        action: <LinkButton href="#/pages/copy/leaders">{t('copy.findLeader')}</LinkButton>,
      }}
    />
  );
}

function CopyRow({ copy, tab }: { copy: CopyOrder; tab: string }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const period = usePeriodLabel();
  const lo = copy.leader_order;
  const mine = copy.order;
  const body = (
    <>
      <div className={styles.rowHead}>
        <span>
          {lo.symbol} <DirectionLabel direction={lo.direction} />
        </span>
        {mine ? (
          <ResultWord result={mine.result} />
        ) : (
          <span className={styles.badge}>{t(`copy.outcome.${copy.status}`)}</span>
        )}
      </div>
      <div className={styles.meta}>
        {t('copy.order.leader', { name: copy.leader_name })} · {period(lo.seconds)}
        {mine && (
          <>
            {' · '}
            {f.money(mine.amount)}
            {mine.pnl !== null && (
              <>
                {' · '}
                <SignedMoney value={mine.pnl} />
              </>
            )}
          </>
        )}
      </div>
      {/* A copy opens at the leader's recorded second and price: the same figures, shown from my own order. */}
      <OrderPrices order={mine ?? lo} />
      {copy.reason && (
        <p className={styles.reason} data-testid="skip-reason">
          <span aria-hidden="true">⚠ </span>
          {t(copy.reason, { ns: 'errors', ...copy.reason_params })}
        </p>
      )}
    </>
  );
  return mine ? (
    <Link
      className={styles.row}
      to={{ pathname: '/pages/user/order', search: `?tab=${tab}&id=${mine.id}` }}
      data-testid={`copy-${copy.id}`}
    >
      {body}
    </Link>
  ) : (
    <div className={styles.row} data-testid={`copy-${copy.id}`}>
      {body}
    </div>
  );
}
