import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * LIKE patterns built from what an operator typed, taken literally: `%`, `_` and the escape character `\`
 * (PostgreSQL's default) match only themselves.
 */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A pattern matching every text that starts with `text` (served by a btree index with `text_pattern_ops`). */
export const startsWith = (text: string) => `${escapeLike(text)}%`;

/**
 * ORDER BY an expression in the order of its `text_pattern_ops` index (byte order, the `~<~` operator), so that a
 * `LIKE 'x%'` search reads that index's range from its start and LIMIT stops it. A plain ORDER BY sorts by the
 * database's collation: the same order under C (the embedded server), but under an own PostgreSQL's en_US or ICU
 * the planner would read the whole collation-ordered index, or sort every match, to find the first few.
 */
export const inPatternOrder = (expression: SQLWrapper): SQL => sql`${expression} USING ~<~`;
