import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { marketHarness, silentLog } from '../helpers/market-harness.ts';
import { placeOrder } from '../../src/modules/orders/orders.service.ts';
import { lead, unlead } from '../../src/modules/copy/copy-leaders.service.ts';
import { verifyRecord } from '../../src/modules/copy/copy-verify.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { CopyJob } from '../../src/jobs/copy.job.ts';
import { followAs, makeUsers } from './copy-helpers.ts';

/**
 * Random sequences of orders (real and practice), joins and leaves as a leader, follows, time passing
 * (settlements) and copy passes, for two users who may lead and follow each other. Whatever the sequence:
 * every real order a user placed while leading is in that stint's record, no other order is, every settled
 * one has its settlement entry, and every record's chain verifies.
 */
let db: TestDatabase;
let market: ReturnType<typeof marketHarness>;
let job: CopyJob;
let keys = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  market = marketHarness(db.db, db.url);
  await market.feed.runOnce();
  job = new CopyJob({ db: db.db, log: silentLog, tz: 'Asia/Shanghai', now: market.now });
});
afterAll(async () => {
  await job?.stop();
  await market?.close();
  await db?.drop();
});

const who = fc.constantFrom(0, 1);
const action = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    who,
    amount: fc.integer({ min: 10, max: 200 }),
    direction: fc.constantFrom('up' as const, 'down' as const),
    practice: fc.boolean(),
  }),
  fc.record({ kind: fc.constantFrom('lead' as const, 'unlead' as const, 'follow' as const), who }),
  fc.record({ kind: fc.constant('advance' as const), seconds: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('copy' as const) }),
);

it('never omits an order placed while leading, and every chain verifies', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 14 }), async (actions) => {
      const ids = await makeUsers(db.db, 2, 10_000_000n);
      const leading = [false, false];
      // What the model expects: user -> record stints, each the list of order ids placed in it.
      const stints: number[][][] = [[], []];
      const outside: number[] = [];
      for (const a of actions) {
        if (a.kind === 'order') {
          const placed = await placeOrder(db.db, {
            who: { userId: ids[a.who]! },
            body: {
              symbol: 'BTC/USDT',
              seconds: 30,
              amount: String(a.amount),
              direction: a.direction,
              key: `prop-${process.pid}-${++keys}`,
              mode: a.practice ? 'practice' : 'real',
            },
            now: market.now(),
          });
          if (leading[a.who] && !a.practice) stints[a.who]!.at(-1)!.push(placed.order.id);
          else outside.push(placed.order.id);
        } else if (a.kind === 'lead') {
          await lead(db.db, ids[a.who]!, { display_name: `Leader ${a.who}`, description: '' });
          if (!leading[a.who]) stints[a.who]!.push([]);
          leading[a.who] = true;
        } else if (a.kind === 'unlead') {
          if (leading[a.who]) await unlead(db.db, ids[a.who]!);
          leading[a.who] = false;
        } else if (a.kind === 'follow') {
          const other = 1 - a.who;
          const leader = await db.db.execute<{ id: string }>(
            sql`SELECT id FROM copy_leaders WHERE leader_user_id = ${ids[other]!} AND status = 'active'`,
          );
          if (leader.rows[0])
            await followAs(db.db, ids[a.who]!, { leader_id: Number(leader.rows[0].id), amount: '10' }, market.now());
        } else if (a.kind === 'advance') await market.advance(a.seconds);
        else await job.runOnce();
      }
      // Let everything settle, then compare each record with the model.
      await job.runOnce();
      await market.advance(45);
      for (const i of [0, 1]) {
        const records = await db.db.execute<{ id: string }>(sql`
          SELECT r.id FROM copy_records r JOIN copy_leaders l ON l.id = r.leader_id
          WHERE l.leader_user_id = ${ids[i]!} ORDER BY r.id`);
        expect(records.rows.length).toBe(stints[i]!.length);
        for (const [n, r] of records.rows.entries()) {
          const recordId = Number(r.id);
          const verified = (await verifyRecord(db.db, recordId))!;
          expect(verified.breaks).toEqual([]);
          const opened = await db.db.execute<{ order_id: string }>(sql`
            SELECT order_id FROM copy_record_entries WHERE record_id = ${recordId} AND kind = 'open' ORDER BY seq`);
          expect(opened.rows.map((o) => Number(o.order_id))).toEqual(stints[i]![n]);
          const settles = await db.db.execute<{ n: number }>(sql`
            SELECT count(*)::int AS n FROM copy_record_entries WHERE record_id = ${recordId} AND kind = 'settle'`);
          expect(settles.rows[0]!.n).toBe(stints[i]![n]!.length);
        }
      }
      if (outside.length) {
        const inRecords = await db.db.execute<{ n: number }>(sql`
          SELECT count(*)::int AS n FROM copy_record_entries
          WHERE order_id = ANY(${`{${outside.join(',')}}`}::bigint[])`);
        expect(inRecords.rows[0]!.n).toBe(0);
      }
      // Copies are never in their owner's record either.
      const copiesInRecords = await db.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM copy_record_entries e JOIN copy_tasks t ON t.copy_order_id = e.order_id`);
      expect(copiesInRecords.rows[0]!.n).toBe(0);
    }),
    {
      numRuns: Number(process.env.COPY_PROPERTY_RUNS ?? 25),
      // Found by a CI run: an order of the stint still open when its leader retires settles after the retire
      // entry, and the record must still verify.
      examples: [
        [
          [
            { kind: 'lead', who: 0 },
            { kind: 'order', who: 0, amount: 10, direction: 'up', practice: false },
            { kind: 'unlead', who: 0 },
            { kind: 'advance', seconds: 1 },
          ],
        ],
      ],
      // FC_SEED and FC_PATH replay a failure exactly as a run printed it.
      ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {}),
    },
  );
  expect((await verifyLedger(db.db)).breaks).toEqual([]);
}, 300_000);
