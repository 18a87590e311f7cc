import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Holding } from '@app/contracts';
import { EmptyState, InfiniteList, ProjectIcon, PullRefresh } from '@app/ui';
import { LoadError, Loading } from '@app/app-kit';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../../../i18n-namespace.ts';
import { useGetHoldingPagesInfiniteQuery, useGetYuebaoInfoQuery } from '../../../lib/invest-api.ts';
import { HoldingCard } from './holding-card.tsx';

/** The user's holdings by status, page by page; pulling refreshes them and the balance card. */
export function HoldingList({ status }: { status?: 1 | 2 | 3 }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const query = useGetHoldingPagesInfiniteQuery({ status }, { refetchOnMountOrArgChange: true });
  const info = useGetYuebaoInfoQuery();
  const items = useMemo(() => {
    const seen = new Set<number>();
    const out: Holding[] = [];
    for (const page of query.data?.pages ?? [])
      for (const h of page.items) {
        if (seen.has(h.id)) continue;
        seen.add(h.id);
        out.push(h);
      }
    return out;
  }, [query.data]);
  if (query.isLoading) return <Loading />;
  if (query.isError && items.length === 0)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <PullRefresh
      onRefresh={() => Promise.all([query.refetch(), info.refetch()])}
      labels={{
        pull: tc('states.pullToRefresh'),
        release: tc('states.releaseToRefresh'),
        refreshing: tc('states.refreshing'),
      }}
    >
      {items.length === 0 ? (
        <EmptyState
          icon={<ProjectIcon />}
          title={t('mine.empty')}
          action={<LinkButton href="#/pages/project/project">{t('mine.toProjects')}</LinkButton>}
        />
      ) : (
        <InfiniteList
          items={items}
          getKey={(h) => h.id}
          renderItem={(h) => <HoldingCard holding={h} />}
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
          labels={{ loading: tc('states.loadingMore'), end: tc('states.noMore'), more: tc('actions.more') }}
        />
      )}
    </PullRefresh>
  );
}
