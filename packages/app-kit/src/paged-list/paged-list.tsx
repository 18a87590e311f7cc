import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, InfiniteList, PullRefresh } from '@app/ui';
import { LoadError } from '../load-error.tsx';
import { Loading } from '../loading.tsx';
import { pagedItems, type ItemKey } from './paged-items.ts';

/** What an RTK Query infinite query gives a list (structural, so any paged endpoint fits). */
export type PagedQuery<T> = {
  data?: { pages: Array<{ items: T[] }> } | undefined;
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  hasNextPage?: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
};

export type PagedListProps<T> = {
  query: PagedQuery<T>;
  renderItem: (item: T) => ReactNode;
  /** What the user sees when there is nothing yet: what is missing and the next step. */
  empty: {
    title: string;
    icon?: ReactNode;
    description?: string;
    action?: ReactNode;
    compact?: boolean;
    headingLevel?: 2 | 3;
  };
  /** Shown above the items (or the empty state), inside the pull to refresh: links, a toolbar. */
  header?: ReactNode;
  /** Shown while the first page loads (after 200 ms); default placeholder lines. */
  loading?: ReactNode;
  /** Pull to refresh; by default it refetches the query. `false` leaves it out. */
  onRefresh?: (() => Promise<unknown>) | false;
  /** A box around the items (or the empty state), for the page's layout and tests. */
  className?: string;
  testId?: string;
  /** Each item's key: its `id` unless this says otherwise (an item without an id needs it). */
  getKey?: (item: T) => ItemKey;
};

const byId = (item: unknown) => (item as { id: number }).id;

/**
 * A list read page by page as the user scrolls, newest first: placeholders while the first page loads, an error
 * with retry when nothing could be read, the empty state, pull to refresh. Each key (the id, or getKey's) appears
 * once even when offset pages shift under a new record. Pass getKey as a stable function (module scope): the
 * items are recomputed when it changes.
 */
export function PagedList<T>({
  query,
  renderItem,
  empty,
  header,
  loading,
  onRefresh,
  className,
  testId,
  getKey = byId,
}: PagedListProps<T>) {
  const { t } = useTranslation();
  // The items come from a deferred copy of the answer: a page lands as a store update, which React renders
  // at once in one task; deferred, the list is built in a render that yields to the browser (until then the
  // placeholders, or the items already shown, stay).
  const data = useDeferredValue(query.data);
  const items = useMemo(() => pagedItems(data?.pages, getKey), [data, getKey]);
  if (query.isLoading || (data === undefined && query.data !== undefined)) return <>{loading ?? <Loading />}</>;
  if (query.isError && items.length === 0)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const content =
    items.length === 0 ? (
      <EmptyState {...empty} />
    ) : (
      <InfiniteList
        items={items}
        getKey={getKey}
        renderItem={renderItem}
        hasMore={Boolean(query.hasNextPage)}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        labels={{ loading: t('states.loadingMore'), end: t('states.noMore'), more: t('actions.more') }}
      />
    );
  const boxed =
    className || testId ? (
      <div className={className} data-testid={testId}>
        {content}
      </div>
    ) : (
      content
    );
  const list = header ? (
    <>
      {header}
      {boxed}
    </>
  ) : (
    boxed
  );
  if (onRefresh === false) return list;
  return (
    <PullRefresh
      onRefresh={onRefresh ?? (() => Promise.resolve(query.refetch()))}
      labels={{
        pull: t('states.pullToRefresh'),
        release: t('states.releaseToRefresh'),
        refreshing: t('states.refreshing'),
      }}
    >
      {list}
    </PullRefresh>
  );
}
