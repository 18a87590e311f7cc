import { useTranslation } from 'react-i18next';
import { EmptyState, OrderIcon, PullRefresh } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { LoadError, Loading, PagedList } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { useTradeMode } from '../../../lib/trade-mode.ts';
import { useGetHoldingOrdersQuery, useGetOrderPagesInfiniteQuery } from '../api/orders-api.ts';
import { secondsLeft, useClock } from '../hooks/use-clock.ts';
import { OrderRow } from './order-row.tsx';

function NoOrders({ title }: { title: string }) {
  const { t } = useTranslation(NS);
  return (
    <EmptyState
      icon={<OrderIcon />}
      title={title}
      action={<LinkButton href="#/pages/trade/trade">{t('order.toTrade')}</LinkButton>}
    />
  );
}

function usePullLabels() {
  const { t } = useTranslation();
  return { pull: t('states.pullToRefresh'), release: t('states.releaseToRefresh'), refreshing: t('states.refreshing') };
}

/** Holding orders with live countdowns; the list is re-read while any of them is due and being settled. */
export function HoldingList({ tab }: { tab: string }) {
  const { t } = useTranslation(NS);
  const labels = usePullLabels();
  const nowMs = useClock();
  const mode = useTradeMode();
  const { data, error, isLoading, isError, refetch } = useGetHoldingOrdersQuery(mode, {
    refetchOnMountOrArgChange: true,
  });
  const due = (data?.items ?? []).some((o) => secondsLeft(o.settle_time, nowMs) === 0);
  useGetHoldingOrdersQuery(mode, { pollingInterval: due ? 2000 : 0, skip: !due });
  if (isLoading) return <Loading />;
  if (isError) return <LoadError error={error} onRetry={() => void refetch()} />;
  const items = data?.items ?? [];
  return (
    <PullRefresh onRefresh={() => refetch()} labels={labels}>
      {items.length === 0 ? (
        <NoOrders title={t('orders.noHolding')} />
      ) : (
        <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {items.map((order) => (
            <li key={order.id}>
              <OrderRow order={order} tab={tab} nowMs={nowMs} />
            </li>
          ))}
        </ul>
      )}
    </PullRefresh>
  );
}

/** Contract orders page by page as the user scrolls (all of them, or the settled history). */
export function PagedOrderList({ status, tab }: { status?: 'settled'; tab: string }) {
  const { t } = useTranslation(NS);
  const mode = useTradeMode();
  const query = useGetOrderPagesInfiniteQuery({ status, mode }, { refetchOnMountOrArgChange: true });
  const hasOpen = (query.data?.pages ?? []).some((p) => p.items.some((o) => o.status === 'open'));
  const nowMs = useClock(hasOpen);
  return (
    <PagedList
      query={query}
      renderItem={(o) => <OrderRow order={o} tab={tab} nowMs={nowMs} />}
      empty={{
        icon: <OrderIcon />,
        title: t(status === 'settled' ? 'orders.noHistory' : 'order.empty'),
        action: <LinkButton href="#/pages/trade/trade">{t('order.toTrade')}</LinkButton>,
      }}
    />
  );
}
