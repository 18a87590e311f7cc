import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan, PlanFilter } from '@app/contracts';
import { EmptyState, InfiniteList, ProjectIcon, PullRefresh } from '@app/ui';
import { LoadError } from '@app/app-kit';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../../../i18n-namespace.ts';
import { useGetPlanPagesInfiniteQuery } from '../../../lib/invest-api.ts';
import { PlanCard, PlanCardSkeleton } from './plan-card.tsx';
import styles from './plans.module.css';

/** Plans page by page, pull to refresh; three card-shaped placeholders while the first page loads. */
export function PlanList({ filter }: { filter: PlanFilter }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const query = useGetPlanPagesInfiniteQuery(filter);
  const items = useMemo(() => {
    const seen = new Set<number>();
    const out: Plan[] = [];
    for (const page of query.data?.pages ?? [])
      for (const p of page.items) {
        if (seen.has(p.id)) continue;
        seen.add(p.id);
        out.push(p);
      }
    return out;
  }, [query.data]);
  if (query.isLoading) {
    return (
      <div className={styles.list} aria-busy="true" aria-label={tc('states.loading')}>
        <PlanCardSkeleton />
        <PlanCardSkeleton />
        <PlanCardSkeleton />
      </div>
    );
  }
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
      <div className={styles.list}>
        {items.length === 0 ? (
          <EmptyState
            icon={<ProjectIcon />}
            title={t(filter === 'ended' ? 'project.emptyEnded' : 'project.empty')}
            description={t('project.emptyBody')}
            action={
              <LinkButton variant="secondary" href="#/pages/project/myproject">
                {t('project.toMine')}
              </LinkButton>
            }
          />
        ) : (
          <InfiniteList
            items={items}
            getKey={(p) => p.id}
            renderItem={(p) => <PlanCard plan={p} />}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
            labels={{ loading: tc('states.loadingMore'), end: tc('states.noMore'), more: tc('actions.more') }}
          />
        )}
      </div>
    </PullRefresh>
  );
}
