import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/platform/db/client.ts';
import { hashPassword } from '../../src/modules/auth/index.ts';
import { inBatches, lit, moveSequencePast, nextId, SPAN_SECONDS } from './seed-batches.ts';
import type { SeedCounts } from './seed-counts.ts';

/** Every seeded user signs in as bench<n> with this password; bench1 is the heavy user. */
export const BENCH_PASSWORD = 'bench-password-1';
export const HEAVY_ACCOUNT = 'bench1';

export type SeededUsers = { first: number; last: number; heavy: number; count: number };

/** Users bench1..benchN with consecutive ids, registered over the past year. */
export async function seedUsers(db: DbOrTx, counts: SeedCounts): Promise<SeededUsers> {
  const first = await nextId(db, 'users');
  const hash = await hashPassword(BENCH_PASSWORD);
  await inBatches(
    db,
    counts.users,
    (lo, hi) => sql`
      INSERT INTO users (id, account, phone, password_hash, invite_code, created_at, password_changed_at)
      SELECT ${lit(first)} + g, 'bench' || (g + 1), '19' || lpad((g + 1)::text, 9, '0'), ${hash}, 'BN' || (g + 1),
             now() - make_interval(secs => ${lit(SPAN_SECONDS)} * (1 - g::float8 / ${lit(counts.users)})),
             now() - make_interval(secs => ${lit(SPAN_SECONDS)} * (1 - g::float8 / ${lit(counts.users)}))
      FROM generate_series(${lit(lo)}, ${lit(hi - 1)}) g`,
  );
  await moveSequencePast(db, 'users');
  return seededUsers(db);
}

/** The seeded users of a database seeded before (bench1 .. the last bench<n>). */
export async function seededUsers(db: DbOrTx): Promise<SeededUsers> {
  const r = await db.execute<{ first: string; last: string }>(sql`
    SELECT min(id)::text AS first, max(id)::text AS last FROM users WHERE invite_code LIKE 'BN%'`);
  const first = Number(r.rows[0]!.first);
  const last = Number(r.rows[0]!.last);
  if (!first) throw new Error('no seeded users: run pnpm bench:seed first');
  return { first, last, heavy: first, count: last - first + 1 };
}
