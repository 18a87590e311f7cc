import { sql } from 'drizzle-orm';
import { dayOf } from '@app/contracts';
import type { DbOrTx } from '../../src/platform/db/client.ts';
import { inBatches, lit, moveSequencePast, nextId, SPAN_SECONDS } from './seed-batches.ts';
import { heavySplit, type SeedCounts } from './seed-counts.ts';
import { seededUsers } from './seed-users.ts';

/**
 * Plan holdings with one buy lot and one project order each, round-robin over the users and plans, then the heavy
 * user's own run. Only the last round is live (one live holding per user and plan, as the unique index wants);
 * the rest matured and settled. Live lots are credited through yesterday and mature days ahead, so neither the
 * accrual nor the maturity job finds work on a seeded database: an accrual benchmark moves `accrued_through` back.
 */
export async function seedInvest(db: DbOrTx, counts: SeedCounts): Promise<void> {
  const users = await seededUsers(db);
  const { rest } = heavySplit(counts.holdings, counts);
  const plans = await db.execute<{ id: string }>(sql`SELECT id::text FROM invest_plans ORDER BY id`);
  const planIds = sql.raw(`ARRAY[${plans.rows.map((p) => Number(p.id)).join(',')}]::bigint[]`);
  const today = dayOf(Math.floor(Date.now() / 1000), process.env.PLATFORM_TZ ?? 'Asia/Shanghai');
  const liveFrom = Math.max(0, rest - users.count);
  const hFirst = await nextId(db, 'invest_holdings');
  const lFirst = await nextId(db, 'invest_lots');
  const oFirst = await nextId(db, 'invest_orders');
  const rows = sql`
    SELECT g, ${lit(users.first)} + CASE WHEN g < ${lit(rest)} THEN g % ${lit(users.count)} ELSE 0 END AS user_id,
           (g >= ${lit(liveFrom)} AND g < ${lit(rest)}) AS live,
           (${planIds})[1 + (g / ${lit(users.count)}) % ${lit(plans.rows.length)}] AS plan_id,
           10000 + (g::bigint * 7919) % 9990000 AS principal,
           now() - make_interval(secs => ${lit(SPAN_SECONDS)} * (1 - (CASE WHEN g < ${lit(rest)} THEN g::float8 / ${lit(rest)}
             ELSE (g - ${lit(rest)})::float8 / ${lit(Math.max(1, counts.holdings - rest))} END))) AS at`;
  // Live holdings began two days ago; settled ones ran a full period ending a day before they were bought back.
  const days = sql`
    CASE WHEN r.live THEN ${lit(today - 2)} ELSE ${lit(today - 400)} END AS first_day`;
  await inBatches(
    db,
    counts.holdings,
    (lo, hi) => sql`
      INSERT INTO invest_holdings (id, user_id, plan_id, title, status, rate_bp, period_days, early_exit_rate_bp, share_type,
        min_amount, first_day, last_day, created_at, settled_at)
      SELECT ${lit(hFirst)} + r.g, r.user_id, p.id, p.title, CASE WHEN r.live THEN 1 ELSE 2 END, p.rate_bp, p.period_days,
             p.early_exit_rate_bp, p.share_type, p.min_amount, d.first_day, d.first_day + p.period_days - 1, r.at,
             CASE WHEN r.live THEN NULL ELSE r.at + make_interval(days => p.period_days) END
      FROM (${rows} FROM generate_series(${lit(lo)}, ${lit(hi - 1)}) g) r
      JOIN invest_plans p ON p.id = r.plan_id
      CROSS JOIN LATERAL (SELECT ${days}) d`,
  );
  await inBatches(
    db,
    counts.holdings,
    (lo, hi) => sql`
      INSERT INTO invest_lots (id, holding_id, user_id, kind, principal, rate_bp, first_day, last_day, accrued_through, open, created_at)
      SELECT ${lit(lFirst)} + r.g, h.id, h.user_id, 'buy', r.principal, h.rate_bp, h.first_day, h.last_day,
             CASE WHEN r.live THEN ${lit(today - 1)} ELSE h.last_day END, CASE WHEN r.live THEN 1 ELSE 0 END, h.created_at
      FROM (${rows} FROM generate_series(${lit(lo)}, ${lit(hi - 1)}) g) r
      JOIN invest_holdings h ON h.id = ${lit(hFirst)} + r.g`,
  );
  await inBatches(
    db,
    counts.holdings,
    (lo, hi) => sql`
      INSERT INTO invest_orders (id, user_id, holding_id, plan_id, title, kind, amount, reference, created_at)
      SELECT ${lit(oFirst)} + r.g, h.user_id, h.id, h.plan_id, h.title, 'buy', r.principal,
             'bench:invest:' || h.id, h.created_at
      FROM (${rows} FROM generate_series(${lit(lo)}, ${lit(hi - 1)}) g) r
      JOIN invest_holdings h ON h.id = ${lit(hFirst)} + r.g`,
  );
  for (const table of ['invest_holdings', 'invest_lots', 'invest_orders']) await moveSequencePast(db, table);
}
