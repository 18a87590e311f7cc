import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import ui from '../../../components/ui.module.css';
import type { PartArgs } from '../api/user-page-api.ts';

export type Column<T> = { label: string; cell: (row: T) => ReactNode; num?: boolean };

/** The state of one part's query, as RTK Query gives it. */
type PartQuery<T> = {
  data?: { items: T[]; total: number; total_capped?: boolean } | undefined;
  isLoading: boolean;
  error?: unknown;
  refetch: () => unknown;
};

const SIZE = 20;

/**
 * A part read a page at a time, with what its table is called and says when empty, all named after the part
 * (`userPage.parts.…`, `userPage.empty.…`, the test id `part-…`). The page starts at 1 whenever the part is shown
 * again.
 */
export function usePagedPart<Q extends PartQuery<unknown>>(
  useQuery: (args: PartArgs) => Q,
  id: number,
  name: string,
  labelKey = `userPage.parts.${name}`,
) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery({ id, page, size: SIZE });
  return {
    query,
    page,
    size: SIZE,
    onPage: setPage,
    label: t(labelKey),
    testId: `part-${name}`,
    empty: t(`userPage.empty.${name}`),
  };
}

/** One part of the user's page as a table: its loading, error and empty states, and a pager under it. */
export function PartTable<T>({
  query,
  columns,
  rowKey,
  empty,
  page,
  size,
  onPage,
  label,
  testId,
}: {
  query: PartQuery<T>;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  empty: string;
  page: number;
  size: number;
  onPage: (page: number) => void;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  // A list that grows for ever is counted only up to its cap: past it, "more than" and a full page means more.
  const capped = query.data?.total_capped ?? false;
  return (
    <QueryTable
      query={query}
      items={items}
      empty={empty}
      label={label}
      testId={testId}
      after={
        <>
          <p className={ui.hint} style={{ padding: '8px 12px 0' }}>
            {capped ? t('userPage.countCapped', { count: total }) : t('userPage.count', { count: total })}
          </p>
          <Pager page={page} hasMore={page * size < total || (capped && items.length === size)} onPage={onPage} />
        </>
      }
    >
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.label} className={c.num ? ui.num : undefined}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => (
              <td key={c.label} className={c.num ? ui.num : undefined}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </QueryTable>
  );
}
