import { useState } from 'react';
import type { FilterValues } from './filter-bar.tsx';

/** Rows on a queue's page. */
const SIZE = 50;

/**
 * A queue page's own state: the filters applied, the page shown and the row open beside the list. New filters
 * start again at page one with nothing open, as a row of the old results may not be in the new ones.
 */
export function useQueueState(initial: FilterValues = {}) {
  const [filters, setFilters] = useState<FilterValues>(initial);
  const [pageNo, setPageNo] = useState(1);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const applyFilters = (values: FilterValues) => {
    setFilters(values);
    setPageNo(1);
    setSelectedId(null);
  };
  /** The page to ask the list for. */
  const paging = { page: pageNo, size: SIZE };
  return { filters, applyFilters, pageNo, setPageNo, selectedId, setSelectedId, paging };
}

export type QueueState = ReturnType<typeof useQueueState>;
