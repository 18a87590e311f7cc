import { useTranslation } from 'react-i18next';
import { EmptyState, InfiniteList, PullRefresh, type InfiniteListProps } from '@app/ui';
import type { ContentSummary } from '@app/contracts';
import { LoadError, Loading } from '@app/app-kit';
import { LinkButton } from '@app/ui/link-button';
import { pagedItems } from '../../lib/paged-items.ts';
import { NS } from '../../i18n-namespace.ts';
import { ArticleCard } from './article-card.tsx';
import { useGetNewsPagesInfiniteQuery, useGetNoticePagesInfiniteQuery } from './articles-api.ts';
import styles from './articles.module.css';

const KINDS = {
  notice: { useQuery: useGetNoticePagesInfiniteQuery, detail: '#/pages/user/notice?id=', empty: 'articles.noNotices' },
  news: { useQuery: useGetNewsPagesInfiniteQuery, detail: '#/pages/news/details?id=', empty: 'articles.noNews' },
} as const;

/** Notices or news, newest (and pinned) first: pages in as the user scrolls, refreshes on pull. */
export function ArticleList({ kind }: { kind: keyof typeof KINDS }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { useQuery, detail, empty } = KINDS[kind];
  const query = useQuery(undefined, { refetchOnMountOrArgChange: 60 });
  const items = pagedItems(query.data?.pages);
  if (query.isLoading) return <Loading lines={6} />;
  if (query.isError && items.length === 0)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const labels: InfiniteListProps<ContentSummary>['labels'] = {
    loading: tc('states.loadingMore'),
    end: tc('states.noMore'),
    more: tc('actions.more'),
  };
  return (
    <PullRefresh
      onRefresh={async () => query.refetch()}
      labels={{
        pull: tc('states.pullToRefresh'),
        release: tc('states.releaseToRefresh'),
        refreshing: tc('states.refreshing'),
      }}
    >
      <div className={styles.list} data-testid={`${kind}-list`}>
        {items.length === 0 ? (
          <EmptyState
            title={t(empty)}
            description={t('articles.emptyNext')}
            action={
              <LinkButton variant="secondary" href="#/">
                {t('articles.toHome')}
              </LinkButton>
            }
          />
        ) : (
          <InfiniteList
            items={items}
            getKey={(n) => n.id}
            renderItem={(n) => <ArticleCard item={n} href={`${detail}${n.id}`} />}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
            labels={labels}
          />
        )}
      </div>
    </PullRefresh>
  );
}
