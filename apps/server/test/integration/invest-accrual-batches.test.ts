import { afterEach, beforeEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { accruedAfter, dayOf } from '@app/contracts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { connect } from '../../src/platform/db/client.ts';
import { balancesOf } from '../../src/modules/ledger/ledger.service.ts';
import { userAccount } from '../../src/modules/ledger/account-codes.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { accrueAll, accrueLots } from '../../src/modules/invest/accrual.service.ts';

// The daily pass in bounded batches: every batch boundary, a pass stopped or crashed part-way and two nodes at
// once all end with each lot credited each due day exactly once, and balances and running balances right.

const TZ = 'Asia/Shanghai';
const today = dayOf(Math.floor(Date.now() / 1000), TZ);
const USERS = 17;
let db: TestDatabase;

beforeEach(async () => {
  db = await createTestDatabase();
  // Every user holds the daily 30-day plan; the first six also the 90-day plan paid at maturity (its interest is
  // held in plan_interest). Bought one to four days ago, so a pass has one to four days to credit per lot.
  await db.db.execute(sql`
    INSERT INTO invest_holdings (user_id, plan_id, title, status, rate_bp, period_days, early_exit_rate_bp, share_type,
                                 min_amount, first_day, last_day)
    SELECT 7000000 + g, p.id, p.title, 1, p.rate_bp, p.period_days, p.early_exit_rate_bp, p.share_type, p.min_amount,
           ${today - 1} - g % 4, ${today - 2} - g % 4 + p.period_days
    FROM generate_series(1, ${USERS}) g, invest_plans p
    WHERE p.slug = 'steady-30' OR (p.slug = 'quarter-90' AND g <= 6)`);
  await db.db.execute(sql`
    INSERT INTO invest_lots (holding_id, user_id, kind, principal, rate_bp, first_day, last_day, accrued_through)
    SELECT h.id, h.user_id, 'buy', 10000 + (h.id * 7919) % 9990000, h.rate_bp, h.first_day, h.last_day, h.first_day - 1
    FROM invest_holdings h`);
});
afterEach(async () => {
  await db?.drop();
});

/** Lots and the days they have due through yesterday. */
async function lots() {
  const rows = await db.db.execute<{
    id: string;
    user_id: string;
    principal: string;
    rate_bp: number;
    first_day: number;
    last_day: number;
    accrued_through: number;
    accrued: string;
    share_type: string;
    credited_days: number;
  }>(sql`
    SELECT l.id, l.user_id, l.principal, l.rate_bp, l.first_day, l.last_day, l.accrued_through, l.accrued, h.share_type,
           (SELECT count(*)::int FROM invest_accruals a WHERE a.lot_id = l.id) AS credited_days
    FROM invest_lots l JOIN invest_holdings h ON h.id = l.holding_id ORDER BY l.id`);
  return rows.rows;
}

/** Every lot credited each due day once, to the cent, and each user's buckets hold exactly that. */
async function expectAllCredited() {
  const all = await lots();
  expect(all.length).toBe(USERS + 6);
  const owed = new Map<string, bigint>();
  for (const l of all) {
    const days = Math.min(l.last_day, today - 1) - l.first_day + 1;
    expect(l.accrued_through).toBe(l.first_day + days - 1);
    expect(l.credited_days).toBe(days);
    const amount = accruedAfter(BigInt(l.principal), l.rate_bp, days);
    expect(BigInt(l.accrued)).toBe(amount);
    const code = userAccount(Number(l.user_id), l.share_type === 'maturity' ? 'plan_interest' : 'available');
    owed.set(code, (owed.get(code) ?? 0n) + amount);
  }
  expect(await balancesOf(db.db, [...owed.keys()])).toEqual(owed);
  const report = await verifyLedger(db.db);
  expect(report.breaks).toEqual([]);
}

const journals = async () =>
  (await db.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ledger_journals WHERE kind = 'plan_accrual'`))
    .rows[0]!.n;

const totalDays = async () =>
  (await lots()).reduce((sum, l) => sum + Math.min(l.last_day, today - 1) - l.first_day + 1, 0);

it.each([1, 4, 23, 24, 1000])('credits every lot once in batches of %i, one journal per batch', async (batch) => {
  const expected = await totalDays();
  expect(await accrueAll(db.db, today, batch)).toBe(expected);
  await expectAllCredited();
  expect(await journals()).toBe(Math.ceil((USERS + 6) / batch));
  // The same day again credits nothing and posts nothing.
  expect(await accrueAll(db.db, today, batch)).toBe(0);
  expect(await journals()).toBe(Math.ceil((USERS + 6) / batch));
});

it('resumes after a pass stopped between batches and after one that crashed inside a batch', async () => {
  const expected = await totalDays();
  // One worker stopped after its first batch (the job's stop, or the lock lost): that batch is committed, nothing else.
  const first = await accrueAll(db.db, today, 4, () => true, 1);
  const afterStop = await lots();
  expect(afterStop.filter((l) => l.credited_days > 0).map((l) => l.id)).toEqual(afterStop.slice(0, 4).map((l) => l.id));
  expect(await journals()).toBe(1);

  // A crash inside the next batch: its accrual rows, lot totals and journal go with the transaction.
  await expect(
    db.db.transaction(async (tx) => {
      const pass = await accrueLots(tx, today, { afterId: Number(afterStop[3]!.id), limit: 4 });
      expect(pass.lots).toBe(4);
      throw new Error('the node died');
    }),
  ).rejects.toThrow('the node died');
  expect(await lots()).toEqual(afterStop);
  expect(await journals()).toBe(1);

  // The next pass starts from the beginning and credits exactly what is left.
  expect(first + (await accrueAll(db.db, today, 4))).toBe(expected);
  await expectAllCredited();
});

it('two workers stopped after their first batch leave two batches committed, and the next pass credits the rest', async () => {
  const expected = await totalDays();
  const first = await accrueAll(db.db, today, 4, () => true, 2);
  const credited = (await lots()).filter((l) => l.credited_days > 0);
  expect(credited).toHaveLength(8);
  expect(await journals()).toBe(2);
  expect(first + (await accrueAll(db.db, today, 4, () => false, 2))).toBe(expected);
  await expectAllCredited();
});

it('two nodes running the pass at once credit each lot-day once between them', async () => {
  const expected = await totalDays();
  const a = connect(db.url, 2);
  const b = connect(db.url, 2);
  try {
    const [x, y] = await Promise.all([accrueAll(a.db, today, 3), accrueAll(b.db, today, 3)]);
    expect(x + y).toBe(expected);
  } finally {
    await a.close();
    await b.close();
  }
  await expectAllCredited();
});

it('refuses to delete a lot, so every accrual row keeps the lot it was credited from', async () => {
  await accrueAll(db.db, today, 4);
  await expect(
    db.db.execute(sql`DELETE FROM invest_lots WHERE id = (SELECT min(lot_id) FROM invest_accruals)`),
  ).rejects.toMatchObject({ cause: { code: '23001' } });
});
