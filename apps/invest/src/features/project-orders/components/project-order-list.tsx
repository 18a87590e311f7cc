import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectOrder } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { EmptyState, InfiniteList, ProjectIcon, PullRefresh } from '@app/ui';
import { LoadError, Loading } from '@app/app-kit';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../../../i18n-namespace.ts';
import { useGetProjectOrderPagesInfiniteQuery } from '../../../lib/invest-api.ts';
import styles from './project-orders.module.css';

function OrderLine({ order: o }: { order: ProjectOrder }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  return (
    <div className={styles.row}>
      <div className={styles.main}>
        <span className={styles.title}>{o.title}</span>
        <span className={styles.kind} data-kind={o.kind}>
          {t(`orderKind.${o.kind}`)}
        </span>
      </div>
      <div className={styles.sub}>
        <span>{f.dateTime(o.created_at)}</span>
        <span className={styles.amounts}>
          {o.amount !== '0.00' && <span>{f.money(o.amount)}</span>}
          {o.interest !== '0.00' && <span>{t('orders.interest', { amount: f.money(o.interest) })}</span>}
          {o.forfeited !== '0.00' && <span>{t('orders.forfeited', { amount: f.money(o.forfeited) })}</span>}
        </span>
      </div>
    </div>
  );
}

/** Every buy, top-up, renewal, payout, stop and maturity of the user's plans (project_orderlist). */
export function ProjectOrderList() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const query = useGetProjectOrderPagesInfiniteQuery({}, { refetchOnMountOrArgChange: true });
  const items = useMemo(() => {
    const seen = new Set<number>();
    const out: ProjectOrder[] = [];
    for (const page of query.data?.pages ?? [])
      for (const o of page.items) {
        if (seen.has(o.id)) continue;
        seen.add(o.id);
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
          icon={<ProjectIcon />}
          title={t('orders.empty')}
          action={<LinkButton href="#/pages/project/project">{t('mine.toProjects')}</LinkButton>}
        />
      ) : (
        <InfiniteList
          items={items}
          getKey={(o) => o.id}
          renderItem={(o) => <OrderLine order={o} />}
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
          labels={{ loading: tc('states.loadingMore'), end: tc('states.noMore'), more: tc('actions.more') }}
        />
      )}
    </PullRefresh>
  );
}
