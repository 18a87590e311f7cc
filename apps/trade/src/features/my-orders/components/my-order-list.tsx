import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyOrder } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { EmptyState, InfiniteList, OrderIcon, PullRefresh } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { LoadError, Loading } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { SignedMoney } from '../../../lib/signed-money.tsx';
import { useTimeFormat } from '../../../lib/time-format.ts';
import { useGetMyOrderPagesInfiniteQuery } from '../api/my-orders-api.ts';
import { myOrderHref } from '../lib/my-order-link.ts';
import styles from './my-orders.module.css';

/** The Order tab's "my orders": everything I did, newest first, each opening its detail where one exists. */
export function MyOrderList({ tab }: { tab: string }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const query = useGetMyOrderPagesInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const items = useMemo(() => {
    const seen = new Set<string>();
    const out: MyOrder[] = [];
    for (const page of query.data?.pages ?? [])
      for (const o of page.items) {
        const key = `${o.kind}:${o.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(o);
      }
    return out;
  }, [query.data]);
  if (query.isLoading) return <Loading />;
  if (query.isError && items.length === 0)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <PullRefresh
      onRefresh={() => query.refetch()}
      labels={{
        pull: tc('states.pullToRefresh'),
        release: tc('states.releaseToRefresh'),
        refreshing: tc('states.refreshing'),
      }}
    >
      {items.length === 0 ? (
        <EmptyState
          icon={<OrderIcon />}
          title={t('myOrders.empty')}
          description={t('myOrders.emptyBody')}
          action={<LinkButton href="#/pages/trade/trade">{t('order.toTrade')}</LinkButton>}
        />
      ) : (
        <div data-testid="my-orders">
          <InfiniteList
            items={items}
            getKey={(o) => `${o.kind}:${o.id}`}
            renderItem={(o) => <MyOrderRow item={o} tab={tab} />}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
            labels={{ loading: tc('states.loadingMore'), end: tc('states.noMore'), more: tc('actions.more') }}
          />
        </div>
      )}
    </PullRefresh>
  );
}

function MyOrderRow({ item, tab }: { item: MyOrder; tab: string }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const time = useTimeFormat();
  const href = myOrderHref(item, tab);
  const body = (
    <>
      <span className={styles.main}>
        <span className={styles.title}>
          <span className={styles.kind}>{t(`myOrders.kind.${item.kind}`)}</span>
          {item.title}
        </span>
        <span className={styles.meta}>
          {t(`myOrders.action.${item.action}`, { defaultValue: item.action })} · {time.dateTimeSeconds(item.created_at)}
          {item.mode === 'practice' ? ` · ${t('myOrders.practice')}` : ''}
        </span>
      </span>
      <span className={styles.side}>
        <span className={styles.value}>{f.money(item.amount)}</span>
        {item.pnl !== null ? (
          <SignedMoney value={item.pnl} />
        ) : (
          <span className={styles.meta}>{t(`myOrders.status.${item.status}`, { defaultValue: item.status })}</span>
        )}
      </span>
    </>
  );
  return href ? (
    <Link className={styles.row} to={href} data-testid={`mine-${item.kind}-${item.id}`}>
      {body}
    </Link>
  ) : (
    <div className={styles.row} data-testid={`mine-${item.kind}-${item.id}`}>
      {body}
    </div>
  );
}
