/**
 * pnpm bench:accrual
 * The daily accrual pass (accrueAll: in batches of ACCRUAL_BATCH lots, the (lot, day) rows, lot totals and one
 * balanced journal per batch with its ledger entries and balances) over BENCH_HOLDINGS holdings (default
 * 1,000,000) with one day due each, on a fresh embedded
 * PostgreSQL; then, in the same run and on the same rows, a plain SQL UPDATE that adds a day's interest to
 * every lot (no accrual rows, no ledger): the ratio says what exactly-once and the books cost. Then the same for the
 * flexible Yuebao balance: BENCH_HOLDINGS accounts with one day due (accrueFlexible: the (user, day) rows, the
 * accounts' balances and carried remainders, one journal per batch), against a plain UPDATE of the same rows.
 * Goal: under 120 s for 1,000,000 holdings on this machine. Figures are printed, never asserted.
 */
import { sql } from 'drizzle-orm';
import { freshSeededDatabase } from './fresh-database.ts';
import { ACCRUAL_BATCH, accrueAll } from '../src/modules/invest/accrual.service.ts';
import { accrueFlexible } from '../src/modules/invest/flexible.service.ts';
import { dayOf } from '@app/contracts';
import { verifyLedger } from '../src/modules/ledger/ledger-verify.ts';

const HOLDINGS = Number(process.env.BENCH_HOLDINGS ?? 1_000_000);
const GOAL_HOLDINGS = 1_000_000;
const GOAL_MS = 120_000;
const TZ = process.env.PLATFORM_TZ ?? 'Asia/Shanghai';

const database = await freshSeededDatabase('accrual');
const { db } = database;
try {
  const today = dayOf(Math.floor(Date.now() / 1000), TZ);
  console.log(
    `bench:accrual  holdings=${HOLDINGS} (one lot each, one day due), batches of ${ACCRUAL_BATCH}, time zone ${TZ}`,
  );

  // Holdings of the 30-day daily-paid plan, bought the day before yesterday: yesterday is due.
  const setup = performance.now();
  await db.execute(sql`
    INSERT INTO invest_holdings (user_id, plan_id, title, status, rate_bp, period_days, early_exit_rate_bp, share_type, min_amount, first_day, last_day)
    SELECT 1000000 + g, p.id, p.title, 1, p.rate_bp, p.period_days, p.early_exit_rate_bp, p.share_type, p.min_amount, ${today - 1}, ${today - 2} + p.period_days
    FROM generate_series(1, ${HOLDINGS}) g, invest_plans p WHERE p.slug = 'steady-30'`);
  await db.execute(sql`
    INSERT INTO invest_lots (holding_id, user_id, kind, principal, rate_bp, first_day, last_day, accrued_through)
    SELECT h.id, h.user_id, 'buy', 10000 + (h.id * 7919) % 9990000, h.rate_bp, h.first_day, h.last_day, h.first_day - 1
    FROM invest_holdings h`);
  // The principal as the buys would have moved it (one journal per holding, as the service does).
  await db.execute(sql`
    INSERT INTO ledger_accounts (code, user_id, asset, is_house)
    SELECT 'user:' || user_id || ':USD:' || b, user_id, 'USD', false FROM invest_holdings, unnest(array['available','plan']) b
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`ANALYZE`);
  console.log(`  setup ${((performance.now() - setup) / 1000).toFixed(1)} s`);

  const t0 = performance.now();
  const credited = await accrueAll(db, today);
  const accrualMs = performance.now() - t0;

  // Baseline: the same rows, one plain UPDATE adding one day's interest (rolled back).
  const t1 = performance.now();
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`
      UPDATE invest_lots SET accrued = accrued + (floor(principal::numeric * rate_bp / 3650000))::bigint
      WHERE open = 1`);
      tx.rollback();
    })
    .catch(() => {});
  const updateMs = performance.now() - t1;

  const totals = await db.execute<{ rows: number; journals: number; entries: number }>(sql`
    SELECT (SELECT count(*)::int FROM invest_accruals) AS rows,
           (SELECT count(*)::int FROM ledger_journals WHERE kind = 'plan_accrual') AS journals,
           (SELECT count(*)::int FROM ledger_entries) AS entries`);
  const again = performance.now();
  const second = await accrueAll(db, today);
  const againMs = performance.now() - again;
  const report = await verifyLedger(db);

  console.log(
    `  accrual pass: ${(accrualMs / 1000).toFixed(2)} s for ${HOLDINGS.toLocaleString('en')} holdings (${credited} lot-days credited; ${totals.rows[0]!.rows} accrual rows, ${totals.rows[0]!.journals} journals, ${totals.rows[0]!.entries} ledger entries)`,
  );
  console.log(`  plain SQL UPDATE of the same rows: ${(updateMs / 1000).toFixed(2)} s`);
  console.log(`  ratio accrual / plain UPDATE: ${(accrualMs / updateMs).toFixed(1)}x`);
  console.log(`  second pass the same day: ${second} lot-days in ${(againMs / 1000).toFixed(2)} s (exactly once)`);
  console.log(
    `  rate ${((HOLDINGS / accrualMs) * 1000).toFixed(0)} holdings/s (1,000,000 at this rate: ${(((GOAL_HOLDINGS / HOLDINGS) * accrualMs) / 1000).toFixed(0)} s); goal ${GOAL_HOLDINGS.toLocaleString('en')} in under ${GOAL_MS / 1000} s: ${HOLDINGS < GOAL_HOLDINGS ? 'not measured (fewer holdings)' : accrualMs < GOAL_MS ? 'met' : 'NOT met'}; ledger breaks: ${report.breaks.length}`,
  );

  // The flexible balance at the same scale: accounts that moved money in the day before yesterday, yesterday due.
  const flexSetup = performance.now();
  await db.execute(sql`
    INSERT INTO invest_flex_accounts (user_id, balance, earning, earning_day, accrued_through)
    SELECT 3000000 + g, 10000 + (g::bigint * 7919) % 9990000, 10000 + (g::bigint * 7919) % 9990000, ${today - 1}, ${today - 2}
    FROM generate_series(1, ${HOLDINGS}) g`);
  await db.execute(sql`
    INSERT INTO ledger_accounts (code, user_id, asset, is_house)
    SELECT 'user:' || user_id || ':USD:yuebao', user_id, 'USD', false FROM invest_flex_accounts
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`ANALYZE`);
  console.log(`  flexible setup ${((performance.now() - flexSetup) / 1000).toFixed(1)} s`);
  const f0 = performance.now();
  const flexCredited = await accrueFlexible(db, today);
  const flexMs = performance.now() - f0;
  const f1 = performance.now();
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`
      UPDATE invest_flex_accounts SET balance = balance + (floor(balance::numeric * 200 / 3650000))::bigint
      WHERE balance > 0`);
      tx.rollback();
    })
    .catch(() => {});
  const flexUpdateMs = performance.now() - f1;
  const flexAgain = await accrueFlexible(db, today);
  const flexReport = await verifyLedger(db);
  console.log(
    `  flexible accrual pass: ${(flexMs / 1000).toFixed(2)} s for ${HOLDINGS.toLocaleString('en')} accounts (${flexCredited} account-days credited); plain UPDATE ${(flexUpdateMs / 1000).toFixed(2)} s; ratio ${(flexMs / flexUpdateMs).toFixed(1)}x; second pass ${flexAgain}; goal ${GOAL_HOLDINGS.toLocaleString('en')} in under ${GOAL_MS / 1000} s: ${HOLDINGS < GOAL_HOLDINGS ? 'not measured (fewer accounts)' : flexMs < GOAL_MS ? 'met' : 'NOT met'}; ledger breaks: ${flexReport.breaks.length}`,
  );
} finally {
  await database.close();
}
