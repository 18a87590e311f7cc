export type ItemKey = string | number;

/**
 * The items of an infinite query's pages, each key once (offset pages shift when a new record arrives, so one may
 * come twice). By default an item's key is its id.
 */
export function pagedItems<T>(
  pages: Array<{ items: T[] }> | undefined,
  keyOf: (item: T) => ItemKey = (item) => (item as { id: number }).id,
): T[] {
  const seen = new Set<ItemKey>();
  const out: T[] = [];
  for (const page of pages ?? []) {
    for (const item of page.items) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(item);
    }
  }
  return out;
}
