import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { accruedAfter, formatMoney } from '@app/contracts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { investPlans } from '../../src/modules/invest/invest.table.ts';
import { append, join, settleMatured, stop } from '../../src/modules/invest/invest.service.ts';
import { accrueAll } from '../../src/modules/invest/accrual.service.ts';
import { dayOf } from '@app/contracts';

const TZ = 'Asia/Shanghai';
const DAY = 86_400;
let db: TestDatabase;
const clock = { t: Math.floor(Date.now() / 1000) };
let n = 0;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

/** A scenario: a plan, a first amount, top-ups on some days, an optional stop, and the days the job ran. */
const scenario = fc.record({
  rateBp: fc.integer({ min: 1, max: 3000 }),
  periodDays: fc.integer({ min: 1, max: 40 }),
  shareType: fc.constantFrom('daily', 'maturity'),
  committed: fc.boolean(),
  first: fc.bigInt({ min: 100n, max: 10_000_000n }),
  topups: fc.array(
    fc.record({ day: fc.integer({ min: 0, max: 45 }), amount: fc.bigInt({ min: 100n, max: 5_000_000n }) }),
    { maxLength: 4 },
  ),
  stopDay: fc.option(fc.integer({ min: 0, max: 45 }), { nil: null }),
  /** Days on which the job runs; the others are downtime. */
  jobDays: fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 12 }),
  earlyBp: fc.integer({ min: 0, max: 100 }),
});

it('accrued = principal x rate x days / 365 to the cent per lot, no day twice, ledger balanced', async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async (s) => {
      const start = clock.t;
      const [user] = await db.db
        .insert(users)
        .values({
          account: `prop${process.pid}x${++n}`,
          phone: `1990${process.pid % 1000}${n}`,
          passwordHash: 'x',
          inviteCode: `P${process.pid}X${n}`,
        })
        .returning();
      const userId = user!.id;
      await db.db.transaction((tx) =>
        postJournal(tx, {
          reference: `prop:fund:${userId}`,
          kind: 'test',
          transfers: [{ from: houseAccount('bonuses'), to: userAccount(userId, 'available'), amount: 100_000_000n }],
        }),
      );
      const [plan] = await db.db
        .insert(investPlans)
        .values({
          slug: `prop-${process.pid}-${n}`,
          title: 'p',
          subscribeFrom: start - DAY,
          subscribeTo: start + 1000 * DAY,
          minAmount: 100n,
          startAmount: 100n,
          committedAmount: s.committed ? s.first + 1n : null,
          rateBp: s.rateBp,
          periodDays: s.periodDays,
          earlyExitRateBp: Math.min(s.earlyBp, s.rateBp),
          shareType: s.shareType,
          cap: 10_000_000_000n,
        })
        .returning();
      const k = () => `prop${++n}xxxxxx`;
      const bought = await join(db.db, {
        userId,
        body: { id: plan!.id, amount: formatMoney(s.first), key: k() },
        now: clock.t,
        tz: TZ,
      });
      const holdingId = bought.result.holding.id;
      let stopped = false;
      const lastDay = 50;
      for (let d = 0; d <= lastDay; d++) {
        if (d > 0) clock.t += DAY;
        for (const tu of s.topups.filter((x) => x.day === d)) {
          if (stopped) continue;
          await append(db.db, {
            userId,
            body: { id: holdingId, amount: formatMoney(tu.amount), key: k() },
            now: clock.t,
            tz: TZ,
          }).catch((e) => {
            if (!['plan_topup_too_late', 'holding_not_active'].includes(e.key)) throw e;
          });
        }
        if (s.stopDay === d && !stopped) {
          await stop(db.db, { userId, body: { id: holdingId, key: k() }, now: clock.t, tz: TZ }).catch((e) => {
            if (e.key !== 'holding_not_active') throw e;
          });
          stopped = true;
        }
        if (s.jobDays.includes(d)) {
          await accrueAll(db.db, dayOf(clock.t, TZ));
          await settleMatured(db.db, { now: clock.t, tz: TZ });
        }
      }
      // Whatever ran or did not, the next pass brings everything up to date.
      await accrueAll(db.db, dayOf(clock.t, TZ));
      await settleMatured(db.db, { now: clock.t, tz: TZ });

      const lots = await db.db.execute<{
        id: string;
        principal: string;
        rate_bp: number;
        first_day: number;
        accrued_through: number;
        accrued: string;
        n: string;
        sum: string;
        distinct_days: string;
        min_day: number | null;
        max_day: number | null;
      }>(sql`
        SELECT l.id, l.principal, l.rate_bp, l.first_day, l.accrued_through, l.accrued,
          count(a.day) AS n, coalesce(sum(a.amount), 0) AS sum, count(DISTINCT a.day) AS distinct_days, min(a.day) AS min_day, max(a.day) AS max_day
        FROM invest_lots l LEFT JOIN invest_accruals a ON a.lot_id = l.id
        WHERE l.holding_id = ${holdingId} GROUP BY l.id`);
      for (const l of lots.rows) {
        const days = l.accrued_through - l.first_day + 1;
        expect(Number(l.n)).toBe(days);
        expect(Number(l.distinct_days)).toBe(days);
        if (days > 0) {
          expect(l.min_day).toBe(l.first_day);
          expect(l.max_day).toBe(l.accrued_through);
        }
        const formula = accruedAfter(BigInt(l.principal), l.rate_bp, days);
        expect(BigInt(l.sum)).toBe(formula);
        expect(BigInt(l.accrued)).toBe(formula);
      }
      // The holding is settled one way or another by the end (stop or maturity; renewal is not opted in).
      const h = await db.db.execute<{ status: number }>(
        sql`select status from invest_holdings where id = ${holdingId}`,
      );
      if (s.stopDay !== null || s.periodDays < lastDay) expect(h.rows[0]!.status).toBe(2);
      // Settled: nothing left in the plan buckets of this user.
      if (h.rows[0]!.status === 2) {
        const b = await db.db.execute<{ balance: string }>(
          sql`select coalesce(sum(balance), 0) as balance from ledger_accounts where code in (${userAccount(userId, 'plan')}, ${userAccount(userId, 'plan_interest')})`,
        );
        expect(BigInt(b.rows[0]!.balance)).toBe(0n);
      }
      clock.t += DAY;
    }),
    { numRuns: 25 },
  );
  // The property is not vacuous: days were credited, top-ups made lots of their own, holdings settled.
  const seen = await db.db.execute<{ accruals: number; lots: number; settled: number }>(sql`
    select (select count(*)::int from invest_accruals) as accruals, (select count(*)::int from invest_lots where kind = 'topup') as lots,
      (select count(*)::int from invest_holdings where status = 2) as settled`);
  console.log('[invest property]', seen.rows[0]);
  expect(seen.rows[0]!.accruals).toBeGreaterThan(100);
  expect(seen.rows[0]!.settled).toBeGreaterThan(5);
  const report = await verifyLedger(db.db);
  expect(report.breaks).toEqual([]);
}, 300_000);
