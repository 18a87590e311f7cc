import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityType } from '@app/contracts';
import { EmptyState, GiftIcon, InfiniteList, PullRefresh } from '@app/ui';
import { LoadError, Loading } from '@app/app-kit';
import { pagedItems } from '../../lib/paged-items.ts';
import { NS } from '../../i18n-namespace.ts';
import { ActivityCard } from './activity-card.tsx';
import { useGetActivityPagesInfiniteQuery } from './activities-api.ts';
import styles from './activities.module.css';

/** Activities of one kind (or all), current ones first: pages in as the user scrolls, refreshes on pull. */
export function ActivityList({ type }: { type?: ActivityType }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const query = useGetActivityPagesInfiniteQuery(type, { refetchOnMountOrArgChange: 60 });
  const items = pagedItems(query.data?.pages);
  // Read once per mount: which activities have started or ended does not need to tick.
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  if (query.isLoading) return <Loading lines={6} />;
  if (query.isError && items.length === 0)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <PullRefresh
      onRefresh={async () => query.refetch()}
      labels={{
        pull: tc('states.pullToRefresh'),
        release: tc('states.releaseToRefresh'),
        refreshing: tc('states.refreshing'),
      }}
    >
      <div className={styles.list} data-testid="activity-list">
        {items.length === 0 ? (
          <EmptyState icon={<GiftIcon />} title={t('activities.empty')} description={t('activities.emptyNext')} />
        ) : (
          <InfiniteList
            items={items}
            getKey={(a) => a.id}
            renderItem={(a) => <ActivityCard activity={a} now={now} />}
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
