import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { translate } from '@app/i18n/catalogue';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { sequence } from '../../src/modules/transparency/index.ts';
import { freshSeed, signerFromSeed } from '../../src/modules/transparency/log-signer.ts';
import { call, operatorHeaders, registerUser, type TestApp } from '../helpers/test-app.ts';
import { changeControl } from '../helpers/held-change.ts';
import { silentLog } from '../helpers/market-harness.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';
import { LogSequencerJob } from '../../src/jobs/log-sequencer.job.ts';
import {
  canonical,
  headSignedBy,
  leaf,
  mth,
  sha256,
  verifyConsistency,
  verifyInclusion,
} from '../helpers/log-verifier.ts';

// The log as a third party sees it: only the public endpoints, and the tests' own RFC 9162 verifier
// (test/helpers/log-verifier.ts), which shares no code with the server's.

let t: TestApp;
let market: MarketHarness;
let demoToken: string;
const signer = signerFromSeed(freshSeed());
let keyCounter = 0;
const key = () => `log${process.pid}-${Date.now()}-${++keyCounter}`;
const hex = (s: string) => Buffer.from(s, 'hex');

beforeAll(async () => {
  ({ t, market } = await marketTestApp());
  demoToken = (await call(t.app, 'POST', '/api/login/index', { body: { account: 'demo', password: 'demo1234' } })).data
    .token;
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

const get = (url: string, lang?: string) => call(t.app, 'GET', url, lang ? { lang } : {});
const order = (token: string, body: Record<string, string> = {}) =>
  call(t.app, 'POST', '/api/user/addorder', {
    token,
    body: { symbol: 'BTC/USDT', seconds: '30', amount: '100', direction: 'up', key: key(), ...body },
  });
const detail = async (token: string, id: number) =>
  (await call(t.app, 'GET', `/api/user/get_this_order?id=${id}`, { token })).data;

type Sth = { tree_size: number; root_hash: string; timestamp: number; key_id: string; signature: string };
type Entry = Record<string, unknown> & { type: string };

/** Every entry of the tree as the public endpoint pages it out. */
async function allEntries(size: number): Promise<Array<{ index: number; data: string }>> {
  const items: Array<{ index: number; data: string }> = [];
  while (items.length < size) {
    const page = await get(`/api/log/entries?start=${items.length}&end=${size - 1}`);
    expect(page.code).toBe(200);
    expect(page.data.items.length).toBeGreaterThan(0);
    items.push(...page.data.items);
  }
  items.forEach((item, i) => expect(item.index).toBe(i));
  return items;
}

/** The head, its signature checked with the key the log publishes, and its root recomputed from every entry. */
async function checkedHead(): Promise<{ sth: Sth; entries: Array<{ index: number; data: string }> }> {
  const sth: Sth = (await get('/api/log/sth')).data;
  const published = (await get('/api/log/key')).data;
  expect(published.algorithm).toBe('ed25519');
  const raw = Buffer.from(published.public_key, 'base64');
  expect(raw).toHaveLength(32);
  expect(published.key_id).toBe(createHash('sha256').update(raw).digest('hex'));
  expect(sth.key_id).toBe(published.key_id);
  expect(headSignedBy(sth, raw)).toBe(true);
  // A head that says anything else does not verify.
  expect(headSignedBy({ ...sth, tree_size: sth.tree_size + 1 }, raw)).toBe(false);

  const entries = await allEntries(sth.tree_size);
  expect(mth(entries.map((e) => leaf(e.data))).toString('hex')).toBe(sth.root_hash);
  for (const e of entries) expect(canonical(JSON.parse(e.data))).toBe(e.data);
  return { sth, entries };
}

const parsed = (entries: Array<{ data: string }>) => entries.map((e) => JSON.parse(e.data) as Entry);

describe('the transparency log', () => {
  let first: { sth: Sth; entries: Array<{ index: number; data: string }> };
  let placedIds: number[] = [];
  let seededSize = 0;

  it('has no head before the sequencer first runs, and says so in the asker language', async () => {
    const none = await get('/api/log/sth', 'zh');
    expect(none.code).toBe(404);
    expect(none.key).toBe('log_not_started');
    expect(none.msg).toBe(translate('zh', 'log_not_started'));
    const pass = await sequence(t.database.db, signer);
    expect(pass.signed).toBe(true);
    // The first head holds the terms the database was seeded with: every product's periods and every plan.
    const start = await checkedHead();
    const seeded = parsed(start.entries);
    const terms = await t.database.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM contract_terms`);
    const plans = await t.database.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM invest_plans`);
    expect(seeded.filter((e) => e.subject === 'contract_terms')).toHaveLength(Number(terms.rows[0]!.n));
    expect(seeded.filter((e) => e.subject === 'plan')).toHaveLength(Number(plans.rows[0]!.n));
    expect(seeded.every((e) => e.type === 'terms_changed')).toBe(true);
    expect(seeded).toContainEqual({
      type: 'terms_changed',
      v: 1,
      subject: 'contract_terms',
      at: expect.any(Number),
      product: 'BTC/USDT',
      seconds: 30,
      terms: expect.objectContaining({ payout_pct: '80.00', loss_pct: '100.00', fee_pct: '0.50', enabled: true }),
    });
    seededSize = start.sth.tree_size;
  });

  it('logs real orders as they are placed, with their terms, the user pseudonym and the price second once', async () => {
    const other = await registerUser(t.app, t.database);
    await t.database.db.transaction((tx) =>
      postJournal(tx, {
        reference: `test:fund:${other.user.id}`,
        kind: 'test',
        transfers: [{ from: houseAccount('bonuses'), to: userAccount(other.user.id, 'available'), amount: 100_000n }],
      }),
    );
    // Three orders in one second: one price second in the log.
    const a = (await order(demoToken)).data;
    const b = (await order(demoToken, { direction: 'down', amount: '50' })).data;
    const c = (await order(other.token)).data;
    const practice = (await order(demoToken, { mode: 'practice' })).data;
    placedIds = [a.id, b.id, c.id];
    expect((await detail(demoToken, a.id)).log_index).toEqual({ placed: null, settled: null });
    // Its proof already carries the queued entries' bytes, without indexes: "not yet sequenced".
    const queued = (await call(t.app, 'GET', `/api/user/order_proof?id=${a.id}`, { token: demoToken })).data;
    expect(queued.entries.map((e: { role: string; index: number | null }) => [e.role, e.index])).toEqual([
      ['placed', null],
      ['open_price', null],
    ]);
    // Another user's order reads as missing.
    expect((await call(t.app, 'GET', `/api/user/order_proof?id=${c.id}`, { token: demoToken })).key).toBe('no_data');

    const pass = await sequence(t.database.db, signer);
    expect(pass.sequenced).toBe(4);
    first = await checkedHead();
    expect(first.sth.tree_size).toBe(seededSize + 4);
    const entries = parsed(first.entries.slice(seededSize));

    const placed = entries.filter((e) => e.type === 'order_placed');
    expect(placed.map((e) => e.order_id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(placed.some((e) => e.order_id === practice.id)).toBe(false);
    const entryOf = (id: number) => placed.find((e) => e.order_id === id)!;
    expect(entryOf(a.id)).toEqual({
      type: 'order_placed',
      v: 1,
      order_id: a.id,
      user: expect.stringMatching(/^[0-9a-f]{64}$/),
      product: 'BTC/USDT',
      direction: 'up',
      stake: '100.00',
      fee: '0.50',
      terms: { seconds: 30, payout_pct: '80.00', loss_pct: '100.00', fee_pct: '0.50' },
      open_second: a.open_time,
      open_price: a.open_price,
    });
    expect(entryOf(b.id)).toMatchObject({ direction: 'down', stake: '50.00', fee: '0.25' });
    // One user, one pseudonym; another user, another; neither is the user id.
    expect(entryOf(b.id).user).toBe(entryOf(a.id).user);
    expect(entryOf(c.id).user).not.toBe(entryOf(a.id).user);
    // Not a hash anyone can recompute from the id alone.
    for (const guess of [String(other.user.id), `user:${other.user.id}`])
      expect(entryOf(c.id).user).not.toBe(createHash('sha256').update(guess).digest('hex'));

    const prices = entries.filter((e) => e.type === 'price_second');
    expect(prices).toEqual([
      {
        type: 'price_second',
        v: 1,
        symbol: 'BTC/USDT',
        second: a.open_time,
        price: a.open_price,
        source: 'simulator',
        step: a.open_time,
      },
    ]);

    const logged = await detail(demoToken, a.id);
    expect(logged.log_index.placed).toBe(first.entries.findIndex((e) => JSON.parse(e.data).order_id === a.id));
    expect(logged.log_index.settled).toBeNull();
  });

  it('logs settlements with their price second, journal and payout, and a terms change; every head extends the last', async () => {
    await market.advance(30);
    // New payout terms wait for a second operator: the log shows them once applied.
    const op = await changeControl(
      t.admin,
      '/admin/products/ETH%2FUSDT/terms',
      {
        reason: 'a terms change the log must show',
        seconds: 60,
        payout_pct: '82.5',
        loss_pct: '100',
        fee_pct: '0.4',
        min_amount: '10',
        max_amount: '1000',
        max_open_amount: '2000',
        presets: ['10', '100'],
      },
      { maker: 'cole', checker: 'alice' },
    );
    expect(op.code).toBe(200);
    // Two passes: a new head each time the tree grows.
    await sequence(t.database.db, signer);
    const second = await checkedHead();
    expect(second.sth.tree_size).toBeGreaterThan(first.sth.tree_size);
    // The earlier entries are the same bytes at the same places.
    expect(second.entries.slice(0, first.sth.tree_size)).toEqual(first.entries);
    const entries = parsed(second.entries);

    // The demo user's two orders (the third is another user's: counted below from the log alone).
    for (const id of placedIds.slice(0, 2)) {
      const o = await detail(demoToken, id);
      expect(o.status).toBe('settled');
      const settled = entries.find((e) => e.type === 'order_settled' && e.order_id === id)!;
      const journal = await t.database.db.execute<{ id: bigint }>(
        sql`SELECT id FROM ledger_journals WHERE reference = ${`order:${id}:settle`}`,
      );
      expect(settled).toEqual({
        type: 'order_settled',
        v: 1,
        order_id: id,
        settle_second: o.settle_time,
        price_second: o.settle_time,
        settle_price: o.settle_price,
        result: o.result,
        payout: o.payout,
        journal_id: Number(journal.rows[0]!.id),
      });
      expect(o.log_index).toEqual({
        placed: entries.findIndex((e) => e.type === 'order_placed' && e.order_id === id),
        settled: entries.indexOf(settled),
      });
      const price = entries.filter((e) => e.type === 'price_second' && e.second === o.settle_time);
      expect(price).toEqual([expect.objectContaining({ symbol: 'BTC/USDT', price: o.settle_price })]);
    }
    expect(entries.filter((e) => e.type === 'order_settled')).toHaveLength(3);

    // An order's proof: its four entries, each the bytes at its index, and its two balanced journals.
    const [id] = placedIds;
    const orderProof = (await call(t.app, 'GET', `/api/user/order_proof?id=${id}`, { token: demoToken })).data;
    const o = await detail(demoToken, id!);
    expect(orderProof.entries.map((e: { role: string }) => e.role).sort()).toEqual(
      ['open_price', 'placed', 'settle_price', 'settled'].sort(),
    );
    for (const e of orderProof.entries as Array<{ role: string; index: number; data: string }>)
      expect(second.entries[e.index]!.data, e.role).toBe(e.data);
    const roleOf = (role: string) => JSON.parse(orderProof.entries.find((e: { role: string }) => e.role === role).data);
    expect(roleOf('open_price')).toMatchObject({ second: o.open_time, price: o.open_price });
    expect(roleOf('settle_price')).toMatchObject({ second: o.settle_time, price: o.settle_price });
    expect(orderProof.journals.map((j: { reference: string }) => j.reference)).toEqual([
      `order:${id}:open`,
      `order:${id}:settle`,
    ]);
    expect(orderProof.journals[1].id).toBe(roleOf('settled').journal_id);
    for (const j of orderProof.journals as Array<{ lines: Array<{ amount: string }> }>)
      expect(j.lines.reduce((sum, l) => sum + Math.round(Number(l.amount) * 100), 0)).toBe(0);

    expect(entries.slice(first.sth.tree_size).filter((e) => e.type === 'terms_changed')).toEqual([
      {
        type: 'terms_changed',
        v: 1,
        subject: 'contract_terms',
        at: expect.any(Number),
        product: 'ETH/USDT',
        seconds: 60,
        terms: {
          payout_pct: '82.50',
          loss_pct: '100.00',
          fee_pct: '0.40',
          min_stake: '10.00',
          max_stake: '1000.00',
          max_open_stake: '2000.00',
          enabled: true,
        },
      },
    ]);

    // Consistency from the first head to this one, and between every pair of sizes.
    const size = second.sth.tree_size;
    const leaves = second.entries.map((e) => leaf(e.data));
    // Every size around the seeded terms and the orders, and the shapes RFC 6962 treats apart (powers of two
    // and their neighbours); every pair of those.
    const sizes = [
      ...new Set([1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129]),
      ...Array.from({ length: size - seededSize + 3 }, (_, i) => seededSize - 2 + i),
    ].filter((x, i, all) => x >= 1 && x <= size && all.indexOf(x) === i);
    for (const m of sizes)
      for (const n of sizes.filter((x) => x >= m)) {
        const answer = await get(`/api/log/consistency?first=${m}&second=${n}`);
        expect(answer.data).toMatchObject({ first: m, second: n });
        const ok = verifyConsistency(
          m,
          n,
          mth(leaves.slice(0, m)),
          mth(leaves.slice(0, n)),
          answer.data.proof.map(hex),
        );
        expect(ok, `consistency ${m} -> ${n}`).toBe(true);
      }
    // And a proof checked against the wrong old root fails.
    const wrong = await get(`/api/log/consistency?first=${first.sth.tree_size}&second=${size}`);
    expect(
      verifyConsistency(
        first.sth.tree_size,
        size,
        sha256(Buffer.from('x')),
        hex(second.sth.root_hash),
        wrong.data.proof.map(hex),
      ),
    ).toBe(false);
    expect(
      verifyConsistency(
        first.sth.tree_size,
        size,
        hex(first.sth.root_hash),
        hex(second.sth.root_hash),
        wrong.data.proof.map(hex),
      ),
    ).toBe(true);

    // Inclusion of every entry in every tree size that holds it.
    for (const n of sizes)
      for (const i of new Set([
        0,
        1,
        Math.floor(n / 2),
        n - 2,
        n - 1,
        ...Array.from({ length: Math.max(0, n - seededSize) }, (_, k) => seededSize + k),
      ])) {
        if (i < 0 || i >= n) continue;
        const answer = await get(`/api/log/proof?index=${i}&tree_size=${n}`);
        expect(answer.data).toMatchObject({ leaf_index: i, tree_size: n });
        const ok = verifyInclusion(i, n, leaves[i]!, answer.data.audit_path.map(hex), mth(leaves.slice(0, n)));
        expect(ok, `inclusion of ${i} in ${n}`).toBe(true);
      }
    const proof = await get(`/api/log/proof?index=0&tree_size=${size}`);
    expect(verifyInclusion(0, size, leaves[1]!, proof.data.audit_path.map(hex), hex(second.sth.root_hash))).toBe(false);
  });

  it('re-signs the head when a minute passes with no entry, and only then', async () => {
    const before: Sth = (await get('/api/log/sth')).data;
    expect((await sequence(t.database.db, signer)).signed).toBe(false);
    const later = await sequence(t.database.db, signer, { nowMs: () => Date.now() + 61_000 });
    expect(later.signed).toBe(true);
    const { sth } = await checkedHead();
    expect(sth.tree_size).toBe(before.tree_size);
    expect(sth.root_hash).toBe(before.root_hash);
    expect(sth.timestamp).toBeGreaterThan(before.timestamp);
  });

  it('pages entries and refuses what is not in the signed tree, translated', async () => {
    const { tree_size: size } = (await get('/api/log/sth')).data as Sth;
    const page = await get(`/api/log/entries?start=1&end=2`);
    expect(page.data.items.map((i: { index: number }) => i.index)).toEqual([1, 2]);
    const past = await get(`/api/log/entries?start=0&end=${size + 50}`);
    expect(past.data.items).toHaveLength(size);
    for (const url of [
      `/api/log/entries?start=${size}&end=${size + 1}`,
      `/api/log/entries?start=2&end=1`,
      `/api/log/entries?start=abc&end=1`,
      `/api/log/proof?index=${size}&tree_size=${size}`,
      `/api/log/proof?index=0&tree_size=${size + 1}`,
      `/api/log/proof?index=-1&tree_size=1`,
      `/api/log/consistency?first=3&second=2`,
      `/api/log/consistency?first=1&second=${size + 1}`,
      `/api/log/consistency?first=0&second=1`,
      `/api/log/key?key_id=${'0'.repeat(64)}`,
    ]) {
      const refused = await get(url, 'de');
      expect(refused.code, url).toBe(400);
      expect(refused.key, url).toBe('log_range_invalid');
      expect(refused.msg, url).toBe(translate('de', 'log_range_invalid'));
    }
  });

  it('logs a plan change, and the sequencer job signs it within seconds', async () => {
    const plans = await t.admin.inject({ method: 'GET', url: '/admin/plans', headers: operatorHeaders('cole') });
    const plan = (plans.json().data.items as Array<{ id: number; slug: string }>).find((p) => p.slug === 'steady-30')!;
    const edited = await changeControl(
      t.admin,
      `/admin/plans/${plan.id}`,
      { reason: 'a rate change the log must show', rate_pct: '3.25' },
      { maker: 'cole', checker: 'alice' },
    );
    expect(edited.code).toBe(200);
    const before: Sth = (await get('/api/log/sth')).data;
    const job = new LogSequencerJob({
      db: t.database.db,
      url: t.database.url,
      signer,
      log: silentLog,
      intervalMs: 200,
    });
    job.start();
    try {
      await expect
        .poll(async () => ((await get('/api/log/sth')).data as Sth).tree_size, { timeout: 15_000 })
        .toBe(before.tree_size + 1);
    } finally {
      await job.stop();
    }
    const { entries } = await checkedHead();
    expect(JSON.parse(entries.at(-1)!.data)).toEqual({
      type: 'terms_changed',
      v: 1,
      subject: 'plan',
      at: expect.any(Number),
      plan_id: plan.id,
      plan: 'steady-30',
      terms: expect.objectContaining({ rate_pct: '3.25', state: 'active', period_days: 30 }),
    });
  });

  it('logs the trading switch, and lists every change of terms publicly, oldest first, as the log holds it', async () => {
    const op = (url: string) =>
      t.admin
        .inject({ method: 'POST', url, payload: { reason: 'exchange incident' }, headers: operatorHeaders('cole') })
        .then((r) => r.json());
    expect((await op('/admin/products/ETH%2FUSDT/forbid')).code).toBe(200);
    expect((await op('/admin/products/ETH%2FUSDT/allow')).code).toBe(200);
    await sequence(t.database.db, signer);
    const { sth, entries } = await checkedHead();

    const history = await get('/api/log/terms');
    expect(history.code).toBe(200);
    expect(history.data.tree_size).toBe(sth.tree_size);
    const expected = entries.filter((e) => JSON.parse(e.data).type === 'terms_changed');
    expect(history.data.items).toEqual(expected);
    const last = history.data.items.slice(-2).map((i: { data: string }) => JSON.parse(i.data));
    expect(last).toEqual([
      { type: 'terms_changed', v: 1, subject: 'trading', at: expect.any(Number), product: 'ETH/USDT', forbidden: true },
      {
        type: 'terms_changed',
        v: 1,
        subject: 'trading',
        at: expect.any(Number),
        product: 'ETH/USDT',
        forbidden: false,
      },
    ]);
    // The seeded terms come first, the operators' changes after.
    expect(JSON.parse(history.data.items[0].data).subject).not.toBe('trading');
    expect(history.data.items.map((i: { data: string }) => JSON.parse(i.data).subject)).toEqual(
      expect.arrayContaining(['contract_terms', 'plan', 'trading']),
    );
  });

  it('keeps sequenced entries, nodes and heads append-only in the database itself', async () => {
    const db = t.database.db;
    const first = sql`(SELECT entry_id FROM log_leaves WHERE leaf_index = 0)`;
    // The database's own words (drizzle wraps them in "Failed query").
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'accepted',
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
    expect(await refusal(db.execute(sql`UPDATE log_entries SET data = 'x' WHERE id = ${first}`))).toMatch(
      /never changes/,
    );
    expect(await refusal(db.execute(sql`DELETE FROM log_entries WHERE id = ${first}`))).toMatch(/cannot be removed/);
    await expect(db.execute(sql`UPDATE log_leaves SET leaf_index = 99 WHERE leaf_index = 0`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM log_leaves WHERE leaf_index = 0`)).rejects.toThrow();
    // A queued entry does not change either (the release before 0044 set its leaf here, beside this one's
    // leaves). Tried in a transaction rolled back after, so no sequencer ever sees the entry.
    const rolledBack = new Error('rolled back');
    const tried = db.transaction(async (tx) => {
      const [queued] = (
        await tx.execute<{ id: string }>(
          sql`INSERT INTO log_entries (type, data) VALUES ('order_placed', '{}') RETURNING id`,
        )
      ).rows;
      const update = tx.transaction((inner) =>
        inner.execute(sql`UPDATE log_entries SET leaf_index = 100000 WHERE id = ${Number(queued!.id)}`),
      );
      expect(await refusal(update)).toMatch(/never changes/);
      throw rolledBack;
    });
    await expect(tried).rejects.toBe(rolledBack);
    // The first stored node, whichever level it is at (only tile levels are stored: merkle.ts).
    const firstNode = sql`(SELECT level, index FROM log_nodes ORDER BY level, index LIMIT 1)`;
    expect((await db.execute(sql`SELECT 1 FROM log_nodes`)).rows.length).toBeGreaterThan(0);
    await expect(
      db.execute(sql`UPDATE log_nodes SET hash = '\\x00' WHERE (level, index) = ${firstNode}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM log_nodes WHERE (level, index) = ${firstNode}`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM log_heads`)).rejects.toThrow();
  });
});
