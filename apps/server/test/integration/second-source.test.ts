import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PriceFeedJob } from '../../src/jobs/price-feed.job.ts';
import { SettlementJob } from '../../src/jobs/settlement.job.ts';
import { applyReferenceRule } from '../../src/modules/market/index.ts';
import { sequence } from '../../src/modules/transparency/index.ts';
import { freshSeed, signerFromSeed } from '../../src/modules/transparency/log-signer.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { changeControl } from '../helpers/held-change.ts';
import { silentLog } from '../helpers/market-harness.ts';
import { FakeOkx } from '../helpers/fake-okx.ts';
import { leaf, mth } from '../helpers/log-verifier.ts';

// The second-source rule end to end, on the real clock: BTC/USDT's recorded prices (the first source) are checked
// against a second exchange on loopback speaking OKX's protocol, which the test makes agree, disagree, or fall
// silent. The rule: more than 0.50 % apart at the open or settle second, or no second-source trade within 5 s of
// it, and the order is void, stake and fee returned by a balanced journal, the void and both prices logged.

const verifierDir = path.resolve(import.meta.dirname, '../../../../packages/verifier');
const stateDir = mkdtempSync(path.join(tmpdir(), 'second-source-'));
const signer = signerFromSeed(freshSeed());
let t: TestApp;
let okx: FakeOkx;
let feed: PriceFeedJob;
let settlement: SettlementJob;
let trader: NodeJS.Timeout;
let token: string;
let url: string;
let btcId: number;
/** What the second exchange does: trade at the first source's price, 2 % above it, or only in another symbol. */
let mode: 'agree' | 'disagree' | 'silent' = 'agree';
let keyCounter = 0;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await sleep(200);
  }
}

async function latestBtc(): Promise<bigint | null> {
  const rows = await t.database.db.execute<{ price: string }>(
    sql`SELECT price::text AS price FROM price_ticks WHERE product_id = ${btcId} ORDER BY ts DESC LIMIT 1`,
  );
  return rows.rows[0] ? BigInt(rows.rows[0].price) : null;
}
const asPrice = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

async function available(): Promise<string> {
  return (await call(t.app, 'GET', '/api/user/index', { token })).data.balances.available as string;
}

async function placeAndSettle(direction: 'up' | 'down') {
  const placed = await call(t.app, 'POST', '/api/user/addorder', {
    token,
    body: { symbol: 'BTC/USDT', seconds: '5', amount: '100', direction, key: `second-${process.pid}-${++keyCounter}` },
  });
  expect(placed.code, JSON.stringify(placed)).toBe(200);
  const id = placed.data.id as number;
  return until(
    `order ${id} settles`,
    async () => (await call(t.app, 'GET', `/api/user/get_this_order?id=${id}`, { token })).data,
    (o) => o.status === 'settled',
  );
}

async function logged() {
  await sequence(t.database.db, signer);
  const { tree_size: size } = (await call(t.app, 'GET', '/api/log/sth')).data;
  const items: Array<{ index: number; data: string }> = [];
  while (items.length < size)
    items.push(...(await call(t.app, 'GET', `/api/log/entries?start=${items.length}&end=${size - 1}`)).data.items);
  return items.map((i) => ({ index: i.index, ...JSON.parse(i.data) }));
}

async function verifyLog(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', '--url', url, ...args],
      { cwd: verifierDir },
    );
    return { code: 0, out: stdout };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

beforeAll(async () => {
  okx = new FakeOkx();
  const okxUrls = await okx.start();
  t = await createTestApp();
  btcId = Number(
    (await t.database.db.execute<{ id: number }>(sql`SELECT id FROM products WHERE symbol = 'BTC/USDT'`)).rows[0]!.id,
  );
  // The rule as REFERENCE_FEED=okx sets it at boot, logged as a term.
  const ruled = await t.database.db.transaction((tx) =>
    applyReferenceRule(tx, { source: 'okx', toleranceBp: 50, maxAgeSeconds: 5 }, Math.floor(Date.now() / 1000)),
  );
  expect(ruled).toContain('BTC/USDT');
  expect(
    (
      await changeControl(t.admin, '/admin/products/BTC%2FUSDT/terms', {
        reason: 'short period for the test',
        seconds: 5,
        payout_pct: '80',
        fee_pct: '0.5',
        min_amount: '10',
        max_amount: '1000',
        max_open_amount: '5000',
      })
    ).code,
  ).toBe(200);
  token = (await call(t.app, 'POST', '/api/login/index', { body: { account: 'demo', password: 'demo1234' } })).data
    .token;
  feed = new PriceFeedJob({
    db: t.database.db,
    url: t.database.url,
    log: silentLog,
    backfill: { days: 2, tickSeconds: 120 },
    sources: { okx: okxUrls },
  });
  settlement = new SettlementJob({ db: t.database.db, log: silentLog });
  feed.start();
  settlement.start();
  // The second exchange trades four times a second at its own price of the moment.
  trader = setInterval(() => {
    void latestBtc().then((price) => {
      if (price === null) return;
      if (mode === 'silent') okx.trade('ETH-USDT', '3300.00');
      else okx.trade('BTC-USDT', asPrice(mode === 'agree' ? price : (price * 102n) / 100n));
    });
  }, 250);
  await until(
    'the second source is subscribed and heard',
    async () => okx.subscribed,
    (s) => s.includes('BTC-USDT'),
  );
  await until(
    'the second source is recorded',
    async () =>
      (await t.database.db.execute(sql`SELECT 1 FROM reference_ticks WHERE product_id = ${btcId} LIMIT 1`)).rows.length,
    (n) => n > 0,
  );
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
}, 120_000);

afterAll(async () => {
  clearInterval(trader);
  await feed?.stop();
  await settlement?.stop();
  await okx?.stop();
  await t?.close();
});

describe('the second-source rule', () => {
  it('is shown in the terms before the order and logged in the terms history', async () => {
    const goods = (await call(t.app, 'GET', '/api/index/goods?symbol=BTC/USDT')).data;
    expect(goods.terms[0].reference).toEqual({ source: 'okx', tolerance_pct: '0.50', max_age_seconds: 5 });
    await sequence(t.database.db, signer);
    const terms = (await call(t.app, 'GET', '/api/log/terms')).data.items.map((i: { data: string }) =>
      JSON.parse(i.data),
    );
    expect(terms).toContainEqual(
      expect.objectContaining({
        subject: 'reference_rule',
        product: 'BTC/USDT',
        source: 'okx',
        tolerance_pct: '0.50',
        max_age_seconds: 5,
      }),
    );
  });

  it('settles an order when the two sources agree, with both prices of both seconds logged', async () => {
    mode = 'agree';
    await sleep(1_500);
    const order = await placeAndSettle('up');
    expect(['win', 'loss', 'draw']).toContain(order.result);
    expect(order.reference).toEqual({ source: 'okx', tolerance_pct: '0.50', max_age_seconds: 5 });
    const entries = await logged();
    const placed = entries.find((e) => e.type === 'order_placed' && e.order_id === order.id);
    expect(placed.reference).toEqual({ source: 'okx', tolerance_pct: '0.50', max_age_seconds: 5 });
    expect(entries.find((e) => e.type === 'order_settled' && e.order_id === order.id)).toBeTruthy();
    for (const second of [order.open_time, order.settle_time]) {
      const ref = entries.find((e) => e.type === 'reference_price' && e.product === 'BTC/USDT' && e.second === second);
      expect(ref).toMatchObject({ source: 'okx' });
      expect(ref.price).not.toBeNull();
      // The trade behind it is one the second exchange sent, within the rule's age.
      const sent = okx.sent.find((s) => s.tradeId === ref.trade_id)!;
      expect(sent.px).toBe(ref.price);
      expect(Math.floor(sent.ts / 1000)).toBe(ref.trade_second);
      expect(second - ref.trade_second).toBeLessThanOrEqual(5);
    }
  }, 60_000);

  it('voids an order when the second source is 2 % away: stake and fee returned by a balanced journal, all logged', async () => {
    mode = 'disagree';
    await sleep(1_500);
    const before = await available();
    const order = await placeAndSettle('down');
    expect(order.result).toBe('void');
    expect(order.payout).toBe('100.50');
    expect(order.pnl).toBe('0.00');
    expect(await available()).toBe(before);
    const proof = (await call(t.app, 'GET', `/api/user/order_proof?id=${order.id}`, { token })).data;
    const journal = proof.journals.find((j: { reference: string }) => j.reference === `order:${order.id}:settle`);
    expect(journal.kind).toBe('order_void');
    expect(journal.lines.reduce((s: number, l: { amount: string }) => s + Math.round(Number(l.amount) * 100), 0)).toBe(
      0,
    );
    const entries = await logged();
    const voided = entries.find((e) => e.type === 'order_voided' && e.order_id === order.id);
    expect(voided).toMatchObject({ reason: 'disagree', refund: '100.50', journal_id: journal.id });
    expect(entries.find((e) => e.type === 'order_settled' && e.order_id === order.id)).toBeUndefined();
    const settleRef = entries.find(
      (e) => e.type === 'reference_price' && e.product === 'BTC/USDT' && e.second === order.settle_time,
    );
    const primary = BigInt(order.settle_price.replace('.', ''));
    expect(BigInt(settleRef.price.replace('.', '')) * 100n).toBeGreaterThan(primary * 101n);
    const detail = (await call(t.app, 'GET', `/api/user/get_this_order?id=${order.id}`, { token })).data;
    expect(detail.log_index.settled).toBe(voided.index);
    expect(proof.entries.map((e: { role: string }) => e.role).sort()).toEqual(
      ['open_price', 'open_reference', 'placed', 'settle_price', 'settle_reference', 'settled'].sort(),
    );
  }, 60_000);

  it('voids an order when the second source heard no trade of it', async () => {
    mode = 'silent';
    await sleep(6_000);
    const order = await placeAndSettle('up');
    expect(order.result).toBe('void');
    const entries = await logged();
    expect(entries.find((e) => e.type === 'order_voided' && e.order_id === order.id)).toMatchObject({
      reason: 'missing',
    });
    expect(
      entries.find((e) => e.type === 'reference_price' && e.product === 'BTC/USDT' && e.second === order.open_time),
    ).toMatchObject({ price: null, trade_id: null, trade_second: null });
    mode = 'agree';
  }, 60_000);

  it('the outside verifier re-derives the voids, and catches a settlement that should have been a void', async () => {
    await sequence(t.database.db, signer);
    const honest = await verifyLog(['--state', path.join(stateDir, 'a.json')]);
    expect(honest.out).not.toContain('BREAK');
    expect(honest.code).toBe(0);

    // A log that rewrites (and re-signs) the second source's price of a settled order's second to 3 % away: the
    // settlement no longer follows from the published rule.
    const row = (
      await t.database.db.execute<{ id: string; data: string }>(sql`
        SELECT r.id, r.data FROM log_entries r JOIN log_leaves rl ON rl.entry_id = r.id
        WHERE r.type = 'reference_price' AND r.data NOT LIKE '%"price":null%'
          AND EXISTS (SELECT 1 FROM log_entries s JOIN log_leaves sl ON sl.entry_id = s.id
                        JOIN log_entries p ON p.order_id = s.order_id AND p.type = 'order_placed'
                      WHERE s.type = 'order_settled'
                        AND (r.data LIKE '%"second":' || (p.data::json->>'open_second') || ',%'))
        ORDER BY rl.leaf_index LIMIT 1`)
    ).rows[0]!;
    const entry = JSON.parse(row.data) as { price: string };
    const far = asPrice((BigInt(entry.price.replace('.', '')) * 103n) / 100n);
    const setData = (value: string) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE log_entries DISABLE TRIGGER log_entries_append_only`);
        await tx.execute(sql`UPDATE log_entries SET data = ${value} WHERE id = ${Number(row.id)}`);
        await tx.execute(sql`ALTER TABLE log_entries ENABLE TRIGGER log_entries_append_only`);
      });
    const head = (
      await t.database.db.execute<{ id: string; tree_size: string; timestamp: string; key_id: string }>(
        sql`SELECT id, tree_size, timestamp, key_id FROM log_heads ORDER BY id DESC LIMIT 1`,
      )
    ).rows[0]!;
    await setData(row.data.replace(`"price":"${entry.price}"`, `"price":"${far}"`));
    let forged: number | null = null;
    try {
      const all = await t.database.db.execute<{ data: string }>(
        sql`SELECT e.data FROM log_leaves l JOIN log_entries e ON e.id = l.entry_id
            WHERE l.leaf_index < ${Number(head.tree_size)} ORDER BY l.leaf_index`,
      );
      const root = mth(all.rows.map((r) => leaf(r.data)));
      const timestamp = Number(head.timestamp) + 1;
      forged = Number(
        (
          await t.database.db.execute<{ id: string }>(sql`
            INSERT INTO log_heads (tree_size, root_hash, timestamp, key_id, signature)
            VALUES (${Number(head.tree_size)}, ${root}, ${timestamp}, ${head.key_id},
                    ${signer.sign(`${head.tree_size}\n${root.toString('hex')}\n${timestamp}`)}) RETURNING id`)
        ).rows[0]!.id,
      );
      const run = await verifyLog(['--state', path.join(stateDir, 'b.json')]);
      expect(run.code).toBe(1);
      expect(run.out).toMatch(/^BREAK entry \d+: order \d+: settled as a (win|loss|draw), but the rule voids it/m);
    } finally {
      await setData(row.data);
      if (forged !== null)
        await t.database.db.transaction(async (tx) => {
          await tx.execute(sql`ALTER TABLE log_heads DISABLE TRIGGER log_heads_append_only`);
          await tx.execute(sql`DELETE FROM log_heads WHERE id = ${forged}`);
          await tx.execute(sql`ALTER TABLE log_heads ENABLE TRIGGER log_heads_append_only`);
        });
    }
  }, 60_000);
});
