import { useState } from 'react';
import type { FilterValues } from './filter-bar.tsx';

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
  return { filters, applyFilters, pageNo, setPageNo, selectedId, setSelectedId };
}
