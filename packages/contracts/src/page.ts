import { z } from 'zod';

/**
 * One page of a list, as every paged endpoint answers it: the page's items, how many there are in all, and
 * which page this is (from 1). Lists that carry more (a sort, a summary) extend it.
 */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
  });

/** The query of a paged list: `page` from 1 and a bounded `size`; a list with filters extends it. */
export const pageQuerySchema = ({ maxSize = 100, defaultSize = 20 }: { maxSize?: number; defaultSize?: number } = {}) =>
  z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    size: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
  });

/**
 * Keyset paging, for the lists that grow for ever (newest first by id): `cursor` is the `next` of the page before,
 * and the page is the rows after it, read through the index at the same cost however deep it is. `page` keeps
 * working (an offset: its cost grows with its depth); with a cursor it is only echoed.
 */
export const cursorQuery = {
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'invalid_request')
    .optional(),
};

/**
 * How far the lists that grow for ever count their rows. Counting is reading: a user with 200,000 statement lines
 * would pay for all of them on every first page. Past this, `total` says COUNT_CAP and `total_capped` is true:
 * "1,000+". Paging never needs the count (`next` says whether there is more).
 */
export const COUNT_CAP = 1_000;

/** The count of such a list: exact up to COUNT_CAP, else COUNT_CAP with `total_capped`. */
export const cappedTotal = {
  total: z.number().int().max(COUNT_CAP),
  total_capped: z.boolean(),
};

/** A page of a keyset-paged list: `next` reads the page after it, null on the last page; its total is capped. */
export const cursorPageOf = <T extends z.ZodType>(item: T) =>
  pageOf(item).extend({ next: z.string().nullable(), ...cappedTotal });
