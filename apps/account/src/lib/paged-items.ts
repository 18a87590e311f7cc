/** The items of an infinite query's pages, each id once (offset pages shift when a new record arrives). */
export function pagedItems<T extends { id: number }>(pages: Array<{ items: T[] }> | undefined): T[] {
  const seen = new Set<number>();
  const out: T[] = [];
  for (const page of pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}
