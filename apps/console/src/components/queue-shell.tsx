import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from './export-button.tsx';
import { FilterBar, type FilterField } from './filter-bar.tsx';
import { PageHeader } from './page-header.tsx';
import page from './page.module.css';
import { Pager } from './pager.tsx';
import type { QueueState } from './queue-state.ts';
import { QueryTable } from './query-table.tsx';
import ui from './ui.module.css';

export type QueueColumn<T> = {
  key: string;
  header: string;
  cell: (item: T) => ReactNode;
  numeric?: boolean;
};

/**
 * Every queue and search of the console has this shape: a title, filters and an export in the toolbar, a paged
 * list whose rows open one item, and beside it that item's detail (or a hint to pick one). The deposits,
 * withdrawals, real-name, support, order and audit screens differ only in their columns, filters and detail.
 */
export function QueueShell<T extends { id: number }>({
  title,
  queue,
  filterFields,
  exportUrl,
  exportFilters,
  list,
  columns,
  onSelect = queue.setSelectedId,
  openLabel,
  rowTestId,
  empty,
  detail,
  detailLabel,
  listLabel,
  placeholder,
}: {
  title: string;
  queue: QueueState;
  /** The filter form under the title, applied to `queue`. */
  filterFields: FilterField[];
  /** The list's export endpoint, given the filters as the list's query has them. */
  exportUrl: string;
  exportFilters: Record<string, string | number | undefined>;
  list: {
    data?: { items: T[]; total: number } | undefined;
    isLoading: boolean;
    isFetching: boolean;
    error?: unknown;
    refetch: () => unknown;
  };
  columns: QueueColumn<T>[];
  /** Opening a row; by default it only opens it. */
  onSelect?: (id: number) => void;
  openLabel: (item: T) => string;
  rowTestId: (item: T) => string;
  empty: string;
  /** The opened item, or null for the placeholder. */
  detail: ReactNode | null;
  detailLabel: string;
  listLabel: string;
  placeholder: string;
}) {
  const { t } = useTranslation();
  const { pageNo, setPageNo: onPage, selectedId, paging } = queue;
  const items = list.data?.items ?? [];
  const total = list.data?.total;
  const hasMore = total !== undefined ? pageNo * paging.size < total : items.length === paging.size;
  return (
    <div>
      <PageHeader title={title} subtitle={total !== undefined ? t('common.matching', { count: total }) : '\u00a0'}>
        <div className={page.toolbar}>
          <ExportButton url={exportUrl} filters={exportFilters} />
          <button type="button" className={ui.button} onClick={() => void list.refetch()} disabled={list.isFetching}>
            {t('common.refresh')}
          </button>
        </div>
      </PageHeader>
      <FilterBar fields={filterFields} applied={queue.filters} onApply={queue.applyFilters} />
      <div className={page.split}>
        <section className={ui.panel} aria-label={listLabel}>
          <QueryTable
            query={list}
            items={items}
            empty={empty}
            after={<Pager page={pageNo} hasMore={hasMore} onPage={onPage} />}
          >
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.key} className={c.numeric ? ui.num : undefined}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr
                  key={item.id}
                  className={`${ui.rowButton} ${item.id === selectedId ? ui.rowSelected : ''}`}
                  onClick={() => onSelect(item.id)}
                  aria-selected={item.id === selectedId}
                  data-testid={rowTestId(item)}
                >
                  {columns.map((c, index) => (
                    <td key={c.key} className={c.numeric ? ui.num : undefined}>
                      {index === 0 ? (
                        <button
                          type="button"
                          className={page.rowOpen}
                          onClick={(event) => {
                            event.stopPropagation();
                            onSelect(item.id);
                          }}
                          aria-label={openLabel(item)}
                        >
                          {c.cell(item)}
                        </button>
                      ) : (
                        c.cell(item)
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </QueryTable>
        </section>
        <section className={`${ui.panel} ${page.detail}`} aria-label={detailLabel}>
          {detail ?? <div className={page.placeholder}>{placeholder}</div>}
        </section>
      </div>
    </div>
  );
}
