import { useEffect, useRef, type ReactNode } from 'react';
import styles from './infinite-list.module.css';

export type InfiniteListProps<T> = {
  items: T[];
  renderItem: (item: T) => ReactNode;
  getKey: (item: T) => string | number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  labels: { loading: string; end: string; more: string };
};

/**
 * A list that asks for the next page when its end scrolls into view. A "more" button stays as a fallback
 * for keyboards and browsers without IntersectionObserver.
 */
export function InfiniteList<T>({
  items,
  renderItem,
  getKey,
  hasMore,
  loading,
  onLoadMore,
  labels,
}: InfiniteListProps<T>) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  loadMore.current = onLoadMore;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading, items.length]);

  return (
    <div>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={getKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      <div ref={sentinel} className={styles.footer} aria-live="polite">
        {loading ? (
          labels.loading
        ) : hasMore ? (
          <button type="button" className={styles.more} onClick={() => loadMore.current()}>
            {labels.more}
          </button>
        ) : (
          items.length > 0 && labels.end
        )}
      </div>
    </div>
  );
}
