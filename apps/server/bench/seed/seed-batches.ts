import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../src/platform/db/client.ts';

/** Rows per INSERT ... SELECT: large enough to go fast, small enough that a batch commits in seconds. */
export const BATCH_ROWS = 250_000;

/**
 * Runs `statement(lo, hi)` for consecutive ranges [lo, hi) of 0..total, each in its own transaction with the
 * database's triggers off (session_replication_role = replica: the per-row ledger checks and foreign keys would
 * make ten million rows take hours). What the triggers guard is re-checked after seeding instead (the ledger
 * verifier, the open-stake drift). Needs a superuser, which the embedded PostgreSQL is.
 */
export async function inBatches(
  db: DbOrTx,
  total: number,
  statement: (lo: number, hi: number) => SQL,
  batch = BATCH_ROWS,
): Promise<void> {
  for (let lo = 0; lo < total; lo += batch) {
    const hi = Math.min(total, lo + batch);
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(statement(lo, hi));
    });
  }
}

/** The next free value of a bigserial column: seeded rows take explicit ids above it, then the sequence moves past. */
export async function nextId(db: DbOrTx, table: string): Promise<number> {
  const r = await db.execute<{ n: string }>(sql`SELECT coalesce(max(id), 0)::text AS n FROM ${sql.identifier(table)}`);
  return Number(r.rows[0]!.n) + 1;
}

export async function moveSequencePast(db: DbOrTx, table: string): Promise<void> {
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT coalesce(max(id), 1) FROM ${sql.identifier(table)}))`,
  );
}

/** Seeded rows are spread over the past year, oldest first (ids and times grow together). */
export const SPAN_SECONDS = 365 * 86_400;

/**
 * A number written into the statement: the seeding statements do arithmetic and CASEs on them, where a parameter's
 * type would be unknown (and a CASE of unknowns is text). Only for numbers this code computed.
 */
export function lit(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return sql.raw(String(value));
}

/**
 * Rows g of [lo, hi) out of `total`, each with its owner and time: round-robin over the users for the first
 * `rest`, then the heavy user's own run; both runs spread over the past year, oldest first.
 */
export function ownedRows(
  users: { first: number; count: number },
  total: number,
  rest: number,
  lo: number,
  hi: number,
): SQL {
  return sql`
    SELECT g, ${lit(users.first)} + CASE WHEN g < ${lit(rest)} THEN g % ${lit(users.count)} ELSE 0 END AS user_id,
           now() - make_interval(secs => ${lit(SPAN_SECONDS)} * (1 - (CASE WHEN g < ${lit(rest)} THEN g::float8 / ${lit(Math.max(1, rest))}
             ELSE (g - ${lit(rest)})::float8 / ${lit(Math.max(1, total - rest))} END))) AS at
    FROM generate_series(${lit(lo)}, ${lit(hi - 1)}) g`;
}
