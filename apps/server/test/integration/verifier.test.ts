import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sequence } from '../../src/modules/transparency/index.ts';
import { freshSeed, signerFromSeed } from '../../src/modules/transparency/log-signer.ts';
import { call, type TestApp } from '../helpers/test-app.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';
import { leaf, mth } from '../helpers/log-verifier.ts';

// The outside verifier (packages/verifier) run as its command, against this server listening on loopback: what
// anyone pointing `pnpm verify-log` at the platform gets, exit code and lines.

const verifierDir = path.resolve(import.meta.dirname, '../../../../packages/verifier');
let t: TestApp;
let market: MarketHarness;
let url: string;
let demoToken: string;
const signer = signerFromSeed(freshSeed());
const intruder = signerFromSeed(freshSeed());
const stateDir = mkdtempSync(path.join(tmpdir(), 'verify-log-'));
let n = 0;

beforeAll(async () => {
  ({ t, market } = await marketTestApp());
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  demoToken = (await call(t.app, 'POST', '/api/login/index', { body: { account: 'demo', password: 'demo1234' } })).data
    .token;
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

async function verifyLog(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', '--url', url, ...args],
      {
        cwd: verifierDir,
      },
    );
    return { code: 0, out: stdout };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

const placeOrders = async (count: number) => {
  for (let i = 0; i < count; i++) {
    const placed = await call(t.app, 'POST', '/api/user/addorder', {
      token: demoToken,
      body: {
        symbol: 'BTC/USDT',
        seconds: '30',
        amount: '100',
        direction: i % 2 ? 'down' : 'up',
        key: `verify-${process.pid}-${++n}`,
      },
    });
    expect(placed.code, JSON.stringify(placed)).toBe(200);
  }
};

/** A head the server never made: the stored tree stays, the head row says otherwise (as a rewritten log would). */
async function insertHead(head: {
  treeSize: number;
  root: Buffer;
  timestamp: number;
  keyId: string;
  signature: Buffer;
}) {
  await t.database.db.execute(sql`
    INSERT INTO log_heads (tree_size, root_hash, timestamp, key_id, signature)
    VALUES (${head.treeSize}, ${head.root}, ${head.timestamp}, ${head.keyId}, ${head.signature})`);
}

async function latestHead() {
  const rows = await t.database.db.execute<{
    id: string;
    tree_size: string;
    root_hash: Buffer;
    timestamp: string;
    key_id: string;
  }>(sql`SELECT id, tree_size, root_hash, timestamp, key_id FROM log_heads ORDER BY id DESC LIMIT 1`);
  const r = rows.rows[0]!;
  return {
    id: Number(r.id),
    treeSize: Number(r.tree_size),
    root: Buffer.from(r.root_hash),
    timestamp: Number(r.timestamp),
    keyId: r.key_id,
  };
}
/** Undoes what a test forged, past the append-only trigger (the test's own database). */
const dropHead = (id: number) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE log_heads DISABLE TRIGGER log_heads_append_only`);
    await tx.execute(sql`DELETE FROM log_heads WHERE id = ${id}`);
    await tx.execute(sql`ALTER TABLE log_heads ENABLE TRIGGER log_heads_append_only`);
  });

describe('pnpm verify-log', () => {
  const state = path.join(stateDir, 'state.json');

  it('passes an honest log: head signed, entries hash to its root, settlements re-derived, the user orders found', async () => {
    await placeOrders(4);
    await market.advance(30);
    await sequence(t.database.db, signer);
    // One argument: a session token may start with '-', which parseArgs would take for an option.
    const run = await verifyLog(['--state', state, `--token=${demoToken}`]);
    expect(run.out).not.toContain('BREAK');
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/ok {4}head of \d+ entries/);
    expect(run.out).toContain('entries read; their tree hash is the signed root');
    expect(run.out).toMatch(/ok {4}4 settlements re-derived/);
    expect(run.out).toMatch(/ok {4}4 of your orders are in the log/);
    expect(JSON.parse(readFileSync(state, 'utf8')).heads).toHaveLength(1);

    // The log grows; the next run checks the new head against the one it kept.
    await placeOrders(2);
    await market.advance(30);
    await sequence(t.database.db, signer);
    const next = await verifyLog(['--state', state]);
    expect(next.code).toBe(0);
    expect(next.out).toMatch(/consistent with the \d+-entry head seen before/);
    expect(next.out).toMatch(/ok {4}6 settlements re-derived/);
  });

  it('catches a rewritten head: a new root for the tree it saw, though signed with the log key', async () => {
    const honest = await latestHead();
    const root = Buffer.alloc(32, 7);
    const timestamp = honest.timestamp + 1;
    await insertHead({
      treeSize: honest.treeSize,
      root,
      timestamp,
      keyId: honest.keyId,
      signature: signer.sign(`${honest.treeSize}\n${root.toString('hex')}\n${timestamp}`),
    });
    try {
      const run = await verifyLog(['--state', state]);
      expect(run.code, run.out).toBe(1);
      expect(run.out).toMatch(/^BREAK .*not consistent with the head of \d+ seen .*history was rewritten/m);
    } finally {
      await dropHead((await latestHead()).id);
    }
  });

  it('catches a head signed by another key under the log key id', async () => {
    const honest = await latestHead();
    const timestamp = honest.timestamp + 2;
    await insertHead({
      ...honest,
      timestamp,
      signature: intruder.sign(`${honest.treeSize}\n${honest.root.toString('hex')}\n${timestamp}`),
    });
    const run = await verifyLog(['--state', state]);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/^BREAK the head of \d+ entries .* signature that does not verify/m);
    await dropHead((await latestHead()).id);
  });

  it('catches a tampered entry, and a settlement that does not follow from its logged prices and terms', async () => {
    const row = await t.database.db.execute<{ id: string; data: string }>(
      sql`SELECT e.id, e.data FROM log_entries e JOIN log_leaves l ON l.entry_id = e.id
          WHERE e.type = 'order_settled' ORDER BY l.leaf_index LIMIT 1`,
    );
    const { id, data } = row.rows[0]!;
    const entry = JSON.parse(data) as { payout: string };
    const tampered = data.replace(`"payout":"${entry.payout}"`, `"payout":"${(Number(entry.payout) + 1).toFixed(2)}"`);
    const setData = (value: string) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE log_entries DISABLE TRIGGER log_entries_append_only`);
        await tx.execute(sql`UPDATE log_entries SET data = ${value} WHERE id = ${Number(id)}`);
        await tx.execute(sql`ALTER TABLE log_entries ENABLE TRIGGER log_entries_append_only`);
      });
    await setData(tampered);
    try {
      const run = await verifyLog(['--state', path.join(stateDir, 'fresh.json')]);
      expect(run.code).toBe(1);
      expect(run.out).toMatch(/^BREAK the \d+ entries served hash to [0-9a-f]{64}, not the signed root/m);

      // A log that signs its rewrite (it holds its key): a verifier with no history accepts the tree, but the
      // settlement no longer follows from the logged prices and terms.
      const honest = await latestHead();
      const all = await t.database.db.execute<{ data: string }>(
        sql`SELECT e.data FROM log_leaves l JOIN log_entries e ON e.id = l.entry_id
            WHERE l.leaf_index < ${honest.treeSize} ORDER BY l.leaf_index`,
      );
      const root = mth(all.rows.map((r) => leaf(r.data)));
      const timestamp = honest.timestamp + 3;
      await insertHead({
        ...honest,
        root,
        timestamp,
        signature: signer.sign(`${honest.treeSize}\n${root.toString('hex')}\n${timestamp}`),
      });
      const signedRewrite = await verifyLog(['--state', path.join(stateDir, 'another.json')]);
      expect(signedRewrite.code).toBe(1);
      expect(signedRewrite.out).toMatch(
        /^BREAK entry \d+: order \d+: payout \d+\.\d\d, the terms give \d+\.\d\d on a (win|loss|draw)/m,
      );
      await dropHead((await latestHead()).id);
    } finally {
      await setData(data);
    }
    expect((await verifyLog(['--state', path.join(stateDir, 'fresh.json')])).code).toBe(0);
  });

  it('says how to run it, and exits 2 without a platform to check', async () => {
    const run = await verifyLog(['--url', 'http://127.0.0.1:1']);
    expect(run.code).toBe(2);
    expect(run.out).toMatch(/^error /m);
  });
});
