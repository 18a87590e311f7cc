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
