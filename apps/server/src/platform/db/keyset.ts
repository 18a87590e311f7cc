import { lt, type Column, type SQL } from 'drizzle-orm';

/** A list's paging as the contracts take it: `page` and `size`, and the optional keyset `cursor` (see cursorQuery). */
export type PageInput = { page: number; size: number; cursor?: string | undefined };

/** How far into the list a page starts: after its cursor (no offset at all), else at its page's offset. */
export const offsetOf = (q: PageInput): number => (q.cursor ? 0 : (q.page - 1) * q.size);

/** The rows of a newest-first list after the cursor: ids below it, which the (owner, id) index reads in order. */
export const afterCursor = (id: Column, q: PageInput): SQL | undefined =>
  q.cursor ? lt(id, Number(q.cursor)) : undefined;

/** The cursor of the page after this one: its last row's id, or null when this page is the last. */
export const nextCursor = (rows: Array<{ id: number }>, size: number): string | null =>
  rows.length === size ? String(rows[rows.length - 1]!.id) : null;
