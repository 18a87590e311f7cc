import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { FilterValues } from './filter-bar.tsx';

/** Rows on a queue's page. */
const SIZE = 50;

/**
 * A queue's filters as its URL carries them (`#/deposits?status=3&min=1000`), so a link reproduces the view.
 * A URL that names none of them gets the queue's defaults; a default filter set to "any" stays in the URL
 * empty (`status=`), else the default would come back.
 */
export function filtersFromQuery(query: URLSearchParams, defaults: FilterValues): FilterValues {
  const named = [...query.keys()];
  if (named.length === 0) return { ...defaults };
  return Object.fromEntries([...query.entries()].filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()]));
}

/** The URL query of applied filters (the inverse of filtersFromQuery): defaults cleared are kept, empty. */
export function queryFromFilters(filters: FilterValues, defaults: FilterValues): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of Object.keys(defaults)) query.set(key, filters[key] ?? '');
  for (const [key, value] of Object.entries(filters)) if (value !== '') query.set(key, value);
  return query;
}

/**
 * The rows checked for a bulk act: kept by id, so a row that leaves the list after a refetch is dropped from
 * what the count says only when it is no longer shown.
 */
export function toggled(checked: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(checked);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** "Select all on this page": all of the page's rows, or none when they all already are. */
export function toggledPage(checked: ReadonlySet<number>, pageIds: readonly number[]): Set<number> {
  const all = pageIds.length > 0 && pageIds.every((id) => checked.has(id));
  return all ? new Set() : new Set(pageIds);
}

/**
 * A queue page's own state: the filters applied (in the URL), the page shown, the row open beside the list and
 * the rows checked for a bulk act. New filters or another page start again with nothing open or checked, as a
 * row of the old results may not be in the new ones.
 */
export function useQueueState(defaults: FilterValues = {}, opened: number | null = null) {
  const [query, setQuery] = useSearchParams();
  const filters = filtersFromQuery(query, defaults);
  const [pageNo, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<number | null>(opened);
  const [checked, setChecked] = useState<ReadonlySet<number>>(() => new Set());
  const applyFilters = (values: FilterValues) => {
    setQuery(queryFromFilters(values, defaults));
    setPage(1);
    setSelectedId(null);
    setChecked(new Set());
  };
  const setPageNo = (page: number) => {
    setPage(page);
    setChecked(new Set());
  };
  /** The page to ask the list for. */
  const paging = { page: pageNo, size: SIZE };
  /** The filters as the URL has them, for a saved view. */
  const filterQuery = queryFromFilters(filters, defaults).toString();
  return {
    filters,
    filterQuery,
    applyFilters,
    pageNo,
    setPageNo,
    selectedId,
    setSelectedId,
    paging,
    checked,
    setChecked,
  };
}

export type QueueState = ReturnType<typeof useQueueState>;

/**
 * The item a link names (`#/deposits?id=12`, from search everything): its id, and a key that changes with every
 * navigation, so a queue page keyed by it starts over (that item alone, opened) each time a link is followed.
 */
export function useLinkedItem(): { id: number | null; key: string } {
  const [params] = useSearchParams();
  const location = useLocation();
  const raw = params.get('id');
  const id = raw && /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : null;
  return { id, key: id === null ? 'queue' : `${id}:${location.key}` };
}
