import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { COUNT_CAP } from '@app/contracts';
import type { DbOrTx } from './client.ts';

/** A list's total as the contracts give it: exact up to COUNT_CAP, past it COUNT_CAP and capped. */
export const cappedTotal = (counted: number) => ({
  total: Math.min(counted, COUNT_CAP),
  total_capped: counted > COUNT_CAP,
});

/**
 * The rows of `table` matching `where`, counted only as far as COUNT_CAP + 1: the count stops reading the index
 * there, so a heavy user's first page costs what a light user's does.
 */
export async function countUpToCap(db: DbOrTx, table: PgTable, where: SQL | undefined) {
  const upTo = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('up_to_cap');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(upTo);
  return cappedTotal(row?.n ?? 0);
}
