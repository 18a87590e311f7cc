import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { connect } from '../../src/platform/db/client.ts';
import { runningEmbeddedUrl } from '../../src/platform/db/embedded.ts';
import { testPort } from '../helpers/test-port.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { MixedLoad, openWithdrawals } from '../helpers/mixed-load.ts';
import { bootstrapOperators } from '../helpers/operator-bootstrap.ts';
import { startServer, waitFor, type runTs } from './processes.ts';
import { headSignedBy, leaf, mth } from '../helpers/log-verifier.ts';

/**
 * The log as the kills left it, once the sequencer has caught up: leaf indexes 0..n-1 without a gap; every stored
 * head signed by its published key and its root that of the first tree_size entries of the final tree (so no kill
 * left a head the tree later contradicts); each accepted order placed and settled in it once.
 */
async function checkLog(db: ReturnType<typeof connect>['db'], orderIds: Set<string>) {
  const queued = async () =>
    Number(
      (
        await db.execute<{ n: string }>(
          sql`SELECT count(*) AS n FROM log_entries e WHERE NOT EXISTS (SELECT 1 FROM log_leaves l WHERE l.entry_id = e.id)`,
        )
      ).rows[0]!.n,
    );
  await waitFor(async () => (await queued()) === 0, 'every log entry sequenced', 60_000);
  const entries = (
    await db.execute<{ leaf_index: bigint; data: string }>(
      sql`SELECT l.leaf_index, e.data FROM log_leaves l JOIN log_entries e ON e.id = l.entry_id ORDER BY l.leaf_index`,
    )
  ).rows;
  entries.forEach((e, i) => expect(Number(e.leaf_index)).toBe(i));
  const leaves = entries.map((e) => leaf(e.data));
  const keys = new Map(
    (await db.execute<{ key_id: string; public_key: Buffer }>(sql`SELECT key_id, public_key FROM log_keys`)).rows.map(
      (k) => [k.key_id, Buffer.from(k.public_key)],
    ),
  );
  const heads = (
    await db.execute<{ tree_size: bigint; root_hash: Buffer; timestamp: bigint; key_id: string; signature: Buffer }>(
      sql`SELECT tree_size, root_hash, timestamp, key_id, signature FROM log_heads ORDER BY id`,
    )
  ).rows;
  expect(heads.length).toBeGreaterThan(0);
  const roots = new Map<number, string>();
  let last = { size: 0, timestamp: 0 };
  for (const h of heads) {
    const size = Number(h.tree_size);
    const head = {
      tree_size: size,
      root_hash: Buffer.from(h.root_hash).toString('hex'),
      timestamp: Number(h.timestamp),
      signature: Buffer.from(h.signature).toString('base64'),
    };
    expect(size).toBeGreaterThanOrEqual(last.size);
    expect(head.timestamp).toBeGreaterThanOrEqual(last.timestamp);
    last = { size, timestamp: head.timestamp };
    if (!roots.has(size)) roots.set(size, mth(leaves.slice(0, size)).toString('hex'));
    expect(head.root_hash, `head of ${size}`).toBe(roots.get(size));
    expect(headSignedBy(head, keys.get(h.key_id)!), `signature of the head of ${size}`).toBe(true);
  }
  expect(last.size).toBe(entries.length);
  const logged = entries.map((e) => JSON.parse(e.data) as { type: string; order_id?: number });
  for (const type of ['order_placed', 'order_settled']) {
    const ids = logged.filter((e) => e.type === type).map((e) => String(e.order_id));
    expect(new Set(ids).size, type).toBe(ids.length);
    for (const id of orderIds) expect(ids, `${type} of order ${id}`).toContain(id);
  }
}

/**
 * The whole server killed with SIGKILL twenty times while phones place orders, buy plans, deposit and withdraw;
 * each time it starts again on the same data (its embedded PostgreSQL recovered). The phones retry what got no
 * answer with the same idempotency key. At the end every request has one outcome, every replay its first
 * answer, no row is missing or doubled, every order settles once and the ledger re-derives clean; and the
 * transparency log holds every order's placement and settlement, and every head it ever signed, however the kills
 * fell on its sequencer, describes a prefix of the final tree (checked by the tests' own RFC 6962 code).
 */
const CYCLES = Number(process.env.KILL_CYCLES ?? 20);
const ADMIN_TOKEN = 'kill-admin-token-0123456789abcdef';
const embedded = inject('pgMode') === 'embedded';
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'app-kill-'));
afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

describe.runIf(embedded)(`the server killed ${CYCLES} times under load`, () => {
  it('loses nothing, doubles nothing, and keeps the ledger clean', async () => {
    const [port, adminPort] = [await testPort(), await testPort()];
    const base = `http://127.0.0.1:${port}`;
    let server: ReturnType<typeof runTs> | null = null;
    const start = async () => {
      server = await startServer({ DATA_DIR: dataDir, PORT: port, ADMIN_PORT: adminPort, ADMIN_TOKEN });
    };
    const kill = async () => {
      server!.child.kill('SIGKILL');
      await server!.exited;
    };
    await start();
    const database = connect((await runningEmbeddedUrl(dataDir))!, 4);
    const adminUrl = `http://127.0.0.1:${adminPort}`;
    const operators = await bootstrapOperators(adminUrl, ADMIN_TOKEN);
    const settings = await openWithdrawals(adminUrl, operators.alice!, operators.bob!);
    expect(settings.code).toBe(200);
    const load = new MixedLoad(() => base, database.db);
    const clients = await Promise.all(Array.from({ length: 8 }, (_, i) => load.client(i, 'killed')));
    await database.close();

    let done = false;
    const running = load.run(clients, () => done, 100);
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      await new Promise((r) => setTimeout(r, 800 + Math.random() * 1_500));
      await kill();
      await start();
    }
    done = true;
    const outcomes = await running;

    const accepted = outcomes.filter((o) => o.answer.code === 200);
    // Right after a start the feed has not recorded a live second yet: an order then is refused as
    // "prices starting" (and creates nothing), never placed at an old price. Nothing else is refused.
    const refused = outcomes.filter((o) => o.answer.code !== 200).map((o) => `${o.kind}:${o.answer.key}`);
    expect(refused.filter((r) => r !== 'order:prices_starting')).toEqual([]);
    expect(accepted.length).toBeGreaterThan(CYCLES * 4);
    for (const o of accepted.filter((_, i) => i % 3 === 0)) {
      const again = await load.request(o.client, 'POST', o.path, o.body);
      expect(again.data, `${o.kind} ${o.body.key}`).toEqual(o.answer.data);
    }

    const after = connect((await runningEmbeddedUrl(dataDir))!, 4);
    try {
      const owners = clients.map((c) => c.userId).join(',');
      const count = async (table: string, where = 'true') =>
        Number(
          (
            await after.db.execute<{ n: string }>(
              sql.raw(`SELECT count(*) AS n FROM ${table} WHERE user_id IN (${owners}) AND ${where}`),
            )
          ).rows[0]!.n,
        );
      const ids = (kind: string) =>
        new Set(accepted.filter((o) => o.kind === kind).map((o) => String(o.answer.data?.id)));
      expect(await count('contract_orders')).toBe(ids('order').size);
      expect(await count('deposits')).toBe(ids('deposit').size);
      expect(await count('withdrawals')).toBe(ids('withdrawal').size);
      await waitFor(
        async () => (await count('contract_orders', `status = 'open'`)) === 0,
        'every order settled',
        120_000,
      );
      const doubled = await after.db.execute(
        sql`SELECT reference FROM ledger_journals WHERE reference LIKE '%settle%' GROUP BY reference HAVING count(*) > 1`,
      );
      expect(doubled.rows).toEqual([]);
      expect((await verifyLedger(after.db)).breaks).toEqual([]);
      await checkLog(after.db, ids('order'));
    } finally {
      await after.close();
      server!.child.kill('SIGTERM');
      await server!.exited;
    }
  }, 900_000);
});
