import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { pruneSeries } from '../../src/modules/market/market.repository.ts';

let db: TestDatabase;
let product: number;
const START = 1_700_000_000;
const SECONDS = 2_000;
const CUTOFF = START + 1_500;
/** The seconds an order opened and settled at: older than the cutoff, yet kept. */
const OPENED = START + 100;
const SETTLED = START + 160;

beforeAll(async () => {
  db = await createTestDatabase();
  product = (await db.db.execute<{ id: number }>(sql`SELECT id FROM products ORDER BY id LIMIT 1`)).rows[0]!.id;
  await db.db.execute(sql`
    INSERT INTO price_ticks (product_id, ts, price, volume)
    SELECT ${product}, ts, 1000 + ts % 7, 1 FROM generate_series(${START}::bigint, ${START + SECONDS - 1}::bigint) ts`);
  await db.db.execute(sql`
    INSERT INTO candles (product_id, interval, t, o, h, l, c, v)
    SELECT ${product}, '1m', t, 1, 1, 1, 1, 1
    FROM generate_series(${START - 40 * 86_400}::bigint, ${START - 20 * 86_400}::bigint, 60) t`);
  await db.db.execute(sql`
    INSERT INTO contract_orders (user_id, product_id, direction, stake, fee, seconds, payout_bp, loss_bp, fee_bp,
      open_time, open_price, settle_time, settle_tick_time, settle_price, status, result, payout)
    VALUES (1, ${product}, 'up', 100, 0, 60, 8500, 10000, 0, ${OPENED}, 1000, ${OPENED + 60}, ${SETTLED}, 1001,
      'settled', 'win', 185)`);
});
afterAll(async () => {
  await db?.drop();
});

const ticksBefore = async (ts: number) =>
  Number(
    (
      await db.db.execute<{ n: string }>(
        sql`SELECT count(*)::text AS n FROM price_ticks WHERE product_id = ${product} AND ts < ${ts}`,
      )
    ).rows[0]!.n,
  );

it('stops between slices when asked to, having deleted no more than one slice', async () => {
  const stop = new AbortController();
  const slices: number[] = [];
  const removed = await pruneSeries(db.db, CUTOFF, {
    batch: 50,
    pauseMs: 0,
    signal: stop.signal,
    onBatch: (n) => {
      slices.push(n);
      stop.abort();
    },
  });
  expect(slices).toEqual([50]);
  expect(removed).toBe(50);
  expect(await ticksBefore(CUTOFF)).toBe(1_500 - 50);
});

it('prunes every second before the cutoff in slices of at most the batch, keeping those an order used', async () => {
  const slices: number[] = [];
  const removed = await pruneSeries(db.db, CUTOFF, { batch: 100, pauseMs: 0, onBatch: (n) => slices.push(n) });

  expect(removed).toBe(1_500 - 50 - 2);
  expect(Math.max(...slices)).toBeLessThanOrEqual(100);
  // 1,450 ticks of one product in slices of 100 take at least 15 statements, then the candles' own.
  expect(slices.length).toBeGreaterThanOrEqual(15);
  const kept = await db.db.execute<{ ts: string }>(
    sql`SELECT ts::text FROM price_ticks WHERE product_id = ${product} AND ts < ${CUTOFF} ORDER BY ts`,
  );
  expect(kept.rows.map((r) => Number(r.ts))).toEqual([OPENED, SETTLED]);
  expect((await ticksBefore(START + SECONDS)) - 2).toBe(SECONDS - 1_500);
  const minutes = await db.db.execute<{ n: string }>(
    sql`SELECT count(*)::text AS n FROM candles WHERE product_id = ${product} AND interval = '1m' AND t < ${CUTOFF - 23 * 86_400}`,
  );
  expect(minutes.rows[0]!.n).toBe('0');
  // A second pass finds nothing more.
  expect(await pruneSeries(db.db, CUTOFF, { batch: 100, pauseMs: 0 })).toBe(0);
});
