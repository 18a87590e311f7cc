import { useTranslation } from 'react-i18next';
import type { LeaderSort } from '@app/contracts';
import { EmptyState, InfiniteList, PullRefresh, UserIcon } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { LoadError, Loading } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { useGetLeaderPagesInfiniteQuery } from '../api/copy-api.ts';
import { uniqueBy } from '../lib/leader-figures.ts';
import { LeaderCard } from './leader-card.tsx';
import styles from './copy.module.css';

/** Leaders page by page: ranked ones in the chosen order, then those not ranked yet, never mixed in. */
export function LeaderList({ sort, status }: { sort: LeaderSort; status: 'active' | 'retired' | 'all' }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const query = useGetLeaderPagesInfiniteQuery({ sort, status }, { refetchOnMountOrArgChange: true });
  const items = uniqueBy(query.data?.pages, (l) => l.leader_id);
  const needed = query.data?.pages[0]?.terms.min_ranked_orders ?? 30;
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
          icon={<UserIcon />}
          title={t('copy.noLeaders')}
          description={t('copy.noLeadersBody')}
          action={<LinkButton href="#/pages/copy/lead">{t('copy.becomeLeader')}</LinkButton>}
        />
      ) : (
        <div className={styles.list} data-testid="leader-list">
          <InfiniteList
            items={items}
            getKey={(l) => l.leader_id}
            renderItem={(l) => <LeaderCard leader={l} needed={needed} />}
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
