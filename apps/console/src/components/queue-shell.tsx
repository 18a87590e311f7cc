import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import page from './page.module.css';
import { Pager } from './pager.tsx';
import { QueryState } from './query-state.tsx';
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
 * withdrawals, real-name, support and order screens differ only in their columns, filters and detail.
 */
export function QueueShell<T extends { id: number }>({
  title,
  subtitle,
  toolbar,
  filters,
  list,
  columns,
  items,
  pageNo,
  size,
  total,
  onPage,
  selectedId,
  onSelect,
  openLabel,
  rowTestId,
  empty,
  detail,
  detailLabel,
  listLabel,
  placeholder,
}: {
  title: string;
  subtitle?: string;
  /** Buttons at the top right (refresh, export). */
  toolbar?: ReactNode;
  /** The filter form under the title. */
  filters?: ReactNode;
  list: { isLoading: boolean; isFetching: boolean; error?: unknown; refetch: () => unknown };
  columns: QueueColumn<T>[];
  items: T[];
  pageNo: number;
  size: number;
  /** How many match in all, when the server counts them. */
  total?: number | undefined;
  onPage: (page: number) => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
  openLabel: (item: T) => string;
  rowTestId: (item: T) => string;
  empty: ReactNode;
  /** The opened item, or null for the placeholder. */
  detail: ReactNode | null;
  detailLabel: string;
  listLabel: string;
  placeholder: string;
}) {
  const { t } = useTranslation();
  const hasMore = total !== undefined ? pageNo * size < total : items.length === size;
  return (
    <div>
      <div className={page.header}>
        <div>
          <h1 className={page.title}>{title}</h1>
          <p className={page.subtitle}>
            {subtitle ?? (total !== undefined ? t('common.matching', { count: total }) : '\u00a0')}
          </p>
        </div>
        <div className={page.toolbar}>
          {toolbar}
          <button type="button" className={ui.button} onClick={() => void list.refetch()} disabled={list.isFetching}>
            {t('common.refresh')}
          </button>
        </div>
      </div>
      {filters}
      <div className={page.split}>
        <section className={ui.panel} aria-label={listLabel}>
          <QueryState
            isLoading={list.isLoading}
            error={list.error}
            isEmpty={items.length === 0}
            empty={empty}
            onRetry={() => void list.refetch()}
          >
            <div className={ui.tableWrap}>
              <table className={ui.table}>
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
              </table>
            </div>
            <Pager page={pageNo} hasMore={hasMore} onPage={onPage} />
          </QueryState>
        </section>
        <section className={`${ui.panel} ${page.detail}`} aria-label={detailLabel}>
          {detail ?? <div className={page.placeholder}>{placeholder}</div>}
        </section>
      </div>
    </div>
  );
}
