import type { ReactNode } from 'react';
import { QueryState } from './query-state.tsx';
import ui from './ui.module.css';

/**
 * A table read from a query: its loading, error and empty states (with a retry), else the table, its head and
 * rows given as children, and under it whatever goes with it (a count, a pager).
 */
export function QueryTable({
  query,
  items,
  empty,
  label,
  testId,
  after,
  children,
}: {
  query: { isLoading: boolean; error?: unknown; refetch: () => unknown };
  items: readonly unknown[];
  empty: string;
  label?: string;
  testId?: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <QueryState
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={items.length === 0}
      empty={<span>{empty}</span>}
      onRetry={() => void query.refetch()}
    >
      <div className={ui.tableWrap}>
        <table className={ui.table} aria-label={label} data-testid={testId}>
          {children}
        </table>
      </div>
      {after}
    </QueryState>
  );
}
