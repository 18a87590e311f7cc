import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminBulkResult } from '@app/contracts';
import type { BulkDecision, TriageQueue } from '../lib/triage-api.ts';
import { BulkDialog, BulkResults, type BulkItem } from './bulk-dialog.tsx';
import { Dialog } from './dialog.tsx';
import { ExportButton } from './export-button.tsx';
import { FilterBar, type FilterField } from './filter-bar.tsx';
import { PageHeader } from './page-header.tsx';
import page from './page.module.css';
import { Pager } from './pager.tsx';
import { QUEUE_KEYS, useQueueKeys, type QueueKey } from './queue-keys.ts';
import { toggled, toggledPage, type QueueState } from './queue-state.ts';
import { QueryTable } from './query-table.tsx';
import { SavedViews } from './saved-views.tsx';
import ui from './ui.module.css';

export type QueueColumn<T> = {
  key: string;
  header: string;
  cell: (item: T) => ReactNode;
  numeric?: boolean;
};

/**
 * A queue worked in bulk (deposits, withdrawals, real-name requests): rows are checked for one decision with one
 * reason (each item still its own act), exported as checked, and the filters saved as named views.
 */
export type Triage<T> = {
  queue: TriageQueue;
  /** One line naming the item in the bulk dialog and its results ("#12 · lilei88 · 1,500.00 U"). */
  describe: (item: T) => string;
  /** The item's user, opened with `u`. */
  userOf: (item: T) => number;
};

/**
 * Every queue and search of the console has this shape: a title, filters and an export in the toolbar, a paged
 * list whose rows open one item, and beside it that item's detail (or a hint to pick one). The deposits,
 * withdrawals, real-name, support, order and audit screens differ only in their columns, filters and detail.
 * Every list is worked from the keyboard (j/k or the arrows move between rows, Enter opens, ? lists the keys);
 * a triaged one adds checkboxes, bulk approve/refuse/export, saved views and the a, r, x and u keys.
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
  triage,
  notice,
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
  triage?: Triage<T>;
  /** Said above the list (the one item a link opened, and the way back to the queue). */
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pageNo, setPageNo: onPage, selectedId, paging, checked, setChecked } = queue;
  const items = list.data?.items ?? [];
  const total = list.data?.total;
  const hasMore = total !== undefined ? pageNo * paging.size < total : items.length === paging.size;

  // The row the keys are on (it has the focus once a key moved there); the first row until then.
  const [cursor, setCursor] = useState<number | null>(null);
  const rows = useRef(new Map<number, HTMLTableRowElement>());
  const [asking, setAsking] = useState<{ decision: BulkDecision; items: BulkItem[] } | null>(null);
  const [outcome, setOutcome] = useState<{
    decision: BulkDecision;
    result: AdminBulkResult;
    lines: Map<number, string>;
  } | null>(null);
  const [help, setHelp] = useState(false);

  const ids = items.map((i) => i.id);
  const picked = items.filter((i) => checked.has(i.id));
  const allPicked = picked.length > 0 && picked.length === items.length;
  const pickAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (pickAll.current) pickAll.current.indeterminate = picked.length > 0 && !allPicked;
  });
  const cursorItem = items.find((i) => i.id === cursor) ?? null;
  const focusable = cursorItem?.id ?? selectedId ?? items[0]?.id;

  const move = (delta: number) => {
    if (items.length === 0) return;
    const at = ids.indexOf(cursorItem?.id ?? selectedId ?? -1);
    const next = at === -1 ? (delta > 0 ? 0 : items.length - 1) : Math.min(items.length - 1, Math.max(0, at + delta));
    const id = ids[next]!;
    setCursor(id);
    rows.current.get(id)?.focus();
  };
  /** The rows a decision takes: those checked, else the one the keys are on, else the one open. */
  const targets = () => {
    if (picked.length > 0) return picked;
    const one = cursorItem ?? items.find((i) => i.id === selectedId);
    return one ? [one] : [];
  };
  const ask = (decision: BulkDecision, of: T[]) => {
    if (!triage || of.length === 0) return;
    setAsking({ decision, items: of.map((i) => ({ id: i.id, line: triage.describe(i) })) });
  };

  useQueueKeys((action: QueueKey) => {
    switch (action) {
      case 'next':
      case 'previous':
        move(action === 'next' ? 1 : -1);
        return items.length > 0;
      case 'open':
        if (!cursorItem) return false;
        onSelect(cursorItem.id);
        return true;
      case 'help':
        setHelp(true);
        return true;
      case 'select':
        if (!triage || !cursorItem) return false;
        setChecked(toggled(checked, cursorItem.id));
        return true;
      case 'approve':
      case 'refuse':
        if (!triage) return false;
        ask(action, targets());
        return true;
      case 'user': {
        const one = cursorItem ?? items.find((i) => i.id === selectedId);
        if (!triage || !one) return false;
        void navigate(`/users/${triage.userOf(one)}`);
        return true;
      }
    }
  });

  return (
    <div>
      <PageHeader title={title} subtitle={total !== undefined ? t('common.matching', { count: total }) : '\u00a0'}>
        <div className={page.toolbar}>
          <button
            type="button"
            className={ui.button}
            onClick={() => setHelp(true)}
            aria-keyshortcuts="?"
            data-testid="keys-help"
          >
            {t('triage.keysButton')}
          </button>
          <ExportButton url={exportUrl} filters={exportFilters} />
          <button type="button" className={ui.button} onClick={() => void list.refetch()} disabled={list.isFetching}>
            {t('common.refresh')}
          </button>
        </div>
      </PageHeader>
      <FilterBar key={queue.filterQuery} fields={filterFields} applied={queue.filters} onApply={queue.applyFilters} />
      {triage && (
        <div style={{ marginBottom: 'var(--space-4)' }}>
          <SavedViews
            queue={triage.queue}
            current={queue.filterQuery}
            onPick={(query) => queue.applyFilters(Object.fromEntries(new URLSearchParams(query)))}
          />
        </div>
      )}
      {notice && <div className={`${ui.notice} ${page.linked}`}>{notice}</div>}
      <div className={page.split}>
        <section className={ui.panel} aria-label={listLabel}>
          {triage && (
            <div className={ui.selectionBar} role="group" aria-label={t('triage.barLabel')} data-testid="selection-bar">
              <span role="status" aria-live="polite" data-testid="selected-count">
                {picked.length > 0 ? t('triage.selected', { count: picked.length }) : t('triage.noneSelected')}
              </span>
              <button
                type="button"
                className={`${ui.button} ${ui.small} ${ui.primary}`}
                disabled={picked.length === 0}
                onClick={() => ask('approve', picked)}
                aria-label={t('triage.approveSelectedName')}
              >
                {t('triage.approveSelected')}
              </button>
              <button
                type="button"
                className={`${ui.button} ${ui.small} ${ui.danger}`}
                disabled={picked.length === 0}
                onClick={() => ask('refuse', picked)}
                aria-label={t('triage.refuseSelectedName')}
              >
                {t('triage.refuseSelected')}
              </button>
              <ExportButton
                url={exportUrl}
                filters={{ ids: picked.map((i) => i.id).join(',') }}
                label={t('triage.exportSelected')}
                hint={t('triage.exportHint', { count: picked.length })}
                disabled={picked.length === 0}
                testId="export-selected"
              />
              {picked.length > 0 && (
                <button
                  type="button"
                  className={`${ui.button} ${ui.small}`}
                  onClick={() => setChecked(new Set())}
                  aria-label={t('triage.clearSelectionName')}
                >
                  {t('triage.clearSelection')}
                </button>
              )}
            </div>
          )}
          <QueryTable
            query={list}
            items={items}
            empty={empty}
            after={<Pager page={pageNo} hasMore={hasMore} onPage={onPage} />}
          >
            <thead>
              <tr>
                {triage && (
                  <th scope="col" className={ui.checkCell}>
                    <input
                      ref={pickAll}
                      type="checkbox"
                      checked={allPicked}
                      onChange={() => setChecked(toggledPage(checked, ids))}
                      aria-label={t('triage.selectPage')}
                      data-testid="select-page"
                    />
                  </th>
                )}
                {columns.map((c) => (
                  <th key={c.key} scope="col" className={c.numeric ? ui.num : undefined}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr
                  key={item.id}
                  ref={(row) => {
                    if (row) rows.current.set(item.id, row);
                    else rows.current.delete(item.id);
                  }}
                  className={`${ui.rowButton} ${item.id === selectedId ? ui.rowSelected : ''}`}
                  onClick={() => onSelect(item.id)}
                  onFocus={(event) => {
                    if (event.target === event.currentTarget) setCursor(item.id);
                  }}
                  tabIndex={item.id === focusable ? 0 : -1}
                  aria-selected={item.id === selectedId}
                  aria-label={triage ? triage.describe(item) : openLabel(item)}
                  data-queue-row=""
                  data-testid={rowTestId(item)}
                >
                  {triage && (
                    <td className={ui.checkCell} onClick={(event) => event.stopPropagation()}>
                      <input
                        type="checkbox"
                        checked={checked.has(item.id)}
                        onChange={() => setChecked(toggled(checked, item.id))}
                        aria-label={t('triage.selectRow', { item: triage.describe(item) })}
                        tabIndex={-1}
                      />
                    </td>
                  )}
                  {columns.map((c, index) => (
                    <td key={c.key} data-column={c.key} className={c.numeric ? ui.num : undefined}>
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
      {triage && asking && (
        <BulkDialog
          queue={triage.queue}
          decision={asking.decision}
          items={asking.items}
          onClose={() => setAsking(null)}
          onDone={(result) => {
            setOutcome({
              decision: asking.decision,
              result,
              lines: new Map(asking.items.map((i) => [i.id, i.line])),
            });
            // What the server refused stays checked, to be looked at again; the rest is decided.
            setChecked(new Set(result.items.filter((i) => i.outcome === 'refused').map((i) => i.id)));
          }}
        />
      )}
      {outcome && (
        <BulkResults
          decision={outcome.decision}
          result={outcome.result}
          lineOf={(id) => outcome.lines.get(id) ?? `#${id}`}
          onClose={() => setOutcome(null)}
        />
      )}
      {help && <KeysHelp triage={triage !== undefined} onClose={() => setHelp(false)} />}
    </div>
  );
}

/** The "?" dialog: every key of the queue and what it does. */
function KeysHelp({ triage, onClose }: { triage: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const shown = QUEUE_KEYS.filter((k) => triage || !['approve', 'refuse', 'select', 'user'].includes(k.action));
  return (
    <Dialog title={t('triage.keysTitle')} onClose={onClose} testId="keys-dialog">
      <dl className={ui.keys}>
        {shown.map((k) => (
          <div key={k.action} style={{ display: 'contents' }}>
            <dt>
              {k.keys.map((key) => (
                <kbd key={key} className={ui.kbd}>
                  {key}
                </kbd>
              ))}
            </dt>
            <dd>{t(`triage.key.${k.action}`)}</dd>
          </div>
        ))}
      </dl>
      <p className={ui.hint}>{t('triage.keysHint')}</p>
      <div className={ui.actions}>
        <button type="button" className={`${ui.button} ${ui.primary}`} onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
