import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { connect, type Database } from '../../src/db/client.ts';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { createSession } from '../../src/modules/auth/sessions.ts';
import { ensureAccounts, postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { runTs, waitFor } from '../crash/processes.ts';
import { pngImage } from '../integration/wallet-helpers.ts';
import { nginxBinary, startNginx } from './nginx.ts';

/**
 * Three API nodes on one PostgreSQL behind nginx. A mixed load (contract orders, deposits, plan buys,
 * withdrawals) runs through the balancer while one node is killed with SIGKILL; clients retry what did not get
 * an answer with the same idempotency key, as the app does. Afterwards: every request has exactly one outcome,
 * a replay from whichever node answers returns the first answer, nothing is lost or settled twice, the feed
 * and settlement carry on without the dead node, the live stream reconnects through the balancer, and the
 * ledger re-derives clean.
 */
const ADMIN_TOKEN = 'cluster-admin-token-0123456789abcdef';
const NODES = 3;
const CLIENTS = 12;
const LOAD_MS = 15_000;
const KILL_AFTER_MS = 5_000;

type Node = { port: number; adminPort: number; run: ReturnType<typeof runTs> };
type Client = { userId: number; token: string; cardId: number; ip: string };
type Outcome = { kind: string; token: string; body: Record<string, string>; path: string; answer: Answer };
type Answer = { code: number; key: string; data: { id?: number | string; holding?: { id: number } } | null };

let embedded: EmbeddedDatabase;
let database: Database;
let dir: string;
const nodes: Node[] = [];
let balancer: Awaited<ReturnType<typeof startNginx>>;

async function startNode(i: number, url: string): Promise<Node> {
  const [port, adminPort] = [await freePort(), await freePort()];
  const dataDir = path.join(dir, `node${i}`);
  await fs.mkdir(dataDir, { recursive: true });
  const run = runTs('src/server.ts', {
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_PORT: String(adminPort),
    ADMIN_TOKEN,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JOBS: '1',
    BACKFILL_DAYS: '1',
    BACKFILL_TICK_SECONDS: '3600',
    TRUST_PROXY: '1',
  });
  await waitFor(
    async () =>
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      ),
    `node ${i}`,
    180_000,
  );
  return { port, adminPort, run };
}

/** One request through the balancer; network failures and gateway errors are retried with the same body. */
// Each client stands for a phone of its own: its address reaches the nodes through the balancer's X-Forwarded-For.
const addressOf = new Map<string, string>();

async function reliably(method: 'GET' | 'POST', route: string, token: string, body?: Record<string, string>) {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(`${balancer.url}${route}`, {
        method,
        headers: {
          token,
          'x-forwarded-for': addressOf.get(token) ?? '10.9.9.9',
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: body ? new URLSearchParams(body).toString() : undefined,
      });
      if (response.status < 502) return (await response.json()) as Answer;
    } catch {
      // the connection died with its node: try again
    }
    if (attempt > 60) throw new Error(`${route}: no answer after ${attempt} attempts`);
    await new Promise((r) => setTimeout(r, 100 + attempt * 50));
  }
}

async function upload(token: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    let refused: string | null = null;
    try {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await pngImage(attempt))], { type: 'image/png' }), 'proof.png');
      const response = await fetch(`${balancer.url}/api/user/uploadfile`, {
        method: 'POST',
        headers: { token, 'x-forwarded-for': addressOf.get(token) ?? '10.9.9.9' },
        body: form,
      });
      if (response.status < 502) {
        const answer = (await response.json()) as { code: number; key: string; data: { id: string } };
        if (answer.code === 200) return answer.data.id;
        refused = answer.key;
      }
    } catch {
      // the connection died with its node: retried below
    }
    if (refused) throw new Error(`upload refused: ${refused}`);
    if (attempt > 60) throw new Error('upload: no answer');
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function makeClient(i: number): Promise<Client> {
  const [u] = await database.db
    .insert(users)
    .values({
      account: `cluster${i}`,
      phone: `1970000${String(i).padStart(4, '0')}`,
      passwordHash: 'x',
      inviteCode: `CLU${i}`,
    })
    .returning({ id: users.id });
  await ensureAccounts(database.db, [userAccount(u!.id, 'available'), userAccount(u!.id, 'frozen')]);
  await database.db.transaction((tx) =>
    postJournal(tx, {
      reference: `cluster:fund:${u!.id}`,
      kind: 'system_gift',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(u!.id, 'available'), amount: 10_000_000n }],
    }),
  );
  const ip = `10.0.${Math.floor(i / 200)}.${(i % 200) + 1}`;
  const { token } = await createSession(database.db, u!.id, ip);
  addressOf.set(token, ip);
  expect(
    (await reliably('POST', '/api/user/pwd_pay', token, { password: 'fund1234', password_confirm: 'fund1234' })).code,
  ).toBe(200);
  const card = await reliably('POST', '/api/user/add_card', token, {
    bank_name: 'Cluster Bank',
    branch: 'Main',
    holder: 'Cluster Holder',
    card_number: `62228800${String(i).padStart(8, '0')}`,
  });
  expect(card.code).toBe(200);
  return { userId: u!.id, token, cardId: Number(card.data!.id), ip };
}

const suite = nginxBinary ? describe : describe.skip;
if (!nginxBinary) console.warn('[cluster] nginx is not installed: the multi-node suite is skipped (CI installs it)');

suite('three nodes behind nginx', () => {
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cluster-'));
    // PostgreSQL runs as its own user when the tests run as root: it must pass through this folder.
    await fs.chmod(dir, 0o711);
    embedded = await startEmbeddedPostgres(path.join(dir, 'db'));
    database = connect(embedded.url, 10);
    // The first node migrates and seeds; the others find it done.
    nodes.push(await startNode(0, embedded.url));
    const others = Array.from({ length: NODES - 1 }, (_, i) => i + 1);
    nodes.push(...(await Promise.all(others.map((i) => startNode(i, embedded.url)))));
    balancer = await startNginx(
      path.join(dir, 'nginx'),
      await freePort(),
      nodes.map((n) => n.port),
    );
    const admin = (route: string, body: object) =>
      fetch(`http://127.0.0.1:${nodes[0]!.adminPort}${route}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${ADMIN_TOKEN}`,
          'x-operator': 'cluster-test',
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<Answer>);
    const settings = await admin('/admin/wallet-settings', {
      reason: 'cluster test',
      hold_hours: 0,
      withdraw_daily_count: 100,
      withdraw_from: '00:00',
      withdraw_to: '23:59',
    });
    expect(settings.code).toBe(200);
  }, 400_000);

  afterAll(async () => {
    await balancer?.stop();
    for (const node of nodes) {
      if (node.run.child.exitCode === null && node.run.child.signalCode === null) node.run.child.kill('SIGTERM');
      await node.run.exited;
    }
    await database?.close();
    await embedded?.stop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('keeps every request to exactly one outcome through a node killed under load, and the books clean', async () => {
    const clients = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => makeClient(i)));
    const plan = (await reliably('GET', '/api/user/yeb_project', clients[0]!.token)) as unknown as {
      data: { items: { id: number }[] };
    };
    const channels = (await reliably('GET', '/api/user/recharge', clients[0]!.token)) as unknown as {
      data: { channels: { id: number }[] };
    };
    const planId = String(plan.data.items[0]!.id);
    const channelId = String(channels.data.channels[0]!.id);

    // A live quote stream through the balancer, which must survive its node dying.
    const ticks: number[] = [];
    let reconnects = 0;
    let stopStream = false;
    const openStream = () => {
      const ws = new WebSocket(`${balancer.url.replace('http', 'ws')}/api/stream`);
      ws.on('open', () => ws.send(JSON.stringify({ op: 'sub', symbols: ['BTC/USDT'] })));
      ws.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as { type: string; t: number };
        if (message.type === 'tick') ticks.push(message.t);
      });
      ws.on('close', () => {
        if (stopStream) return;
        reconnects++;
        setTimeout(openStream, 200);
      });
      ws.on('error', () => {});
      return ws;
    };
    const streams = [openStream(), openStream(), openStream()];

    const outcomes: Outcome[] = [];
    const started = Date.now();
    let killedAt = 0;
    const killer = setTimeout(() => {
      killedAt = Math.floor(Date.now() / 1000);
      nodes[1]!.run.child.kill('SIGKILL');
    }, KILL_AFTER_MS);
    await Promise.all(
      clients.map(async (client, c) => {
        let holding: string | null = null;
        for (let n = 0; Date.now() - started < LOAD_MS; n++) {
          const kind = ['order', 'plan', 'deposit', 'withdrawal'][(n + c) % 4]!;
          const key = randomUUID();
          let route: string;
          let body: Record<string, string>;
          if (kind === 'order') {
            route = '/api/user/addorder';
            body = { symbol: 'BTC/USDT', seconds: '30', amount: '10', direction: n % 2 ? 'up' : 'down', key };
          } else if (kind === 'plan') {
            // The first buy opens the holding; the next ones top it up.
            route = holding ? '/api/user/yebappend' : '/api/user/yebjoinnow';
            body = { id: holding ?? planId, amount: '100', key };
          } else if (kind === 'deposit') {
            route = '/api/user/dorecharge';
            body = {
              channel_id: channelId,
              amount: '100',
              payer_name: 'Cluster',
              upload_id: await upload(client.token),
              key,
            };
          } else {
            route = '/api/user/cash';
            body = { method_id: String(client.cardId), amount: '100', fund_password: 'fund1234', key };
          }
          outcomes.push({
            kind,
            token: client.token,
            body,
            path: route,
            answer: await reliably('POST', route, client.token, body),
          });
          const last = outcomes.at(-1)!;
          if (kind === 'plan' && !holding && last.answer.code === 200) holding = String(last.answer.data!.holding!.id);
          // A phone's pace, not a flood: the per-address upload limit (30 a minute) is not this test's subject.
          await new Promise((r) => setTimeout(r, 200));
        }
      }),
    );
    clearTimeout(killer);
    expect(killedAt).toBeGreaterThan(0);

    // Every request got a definitive answer; most were accepted.
    const accepted = outcomes.filter((o) => o.answer.code === 200);
    const refused = outcomes.filter((o) => o.answer.code !== 200);
    expect(refused.map((o) => `${o.kind}:${o.answer.key}`)).toEqual([]);
    for (const kind of ['order', 'plan', 'deposit', 'withdrawal'])
      expect(accepted.filter((o) => o.kind === kind).length, kind).toBeGreaterThan(3);

    // Replays reach whichever node the balancer picks and get the first answer.
    for (const o of accepted.filter((_, i) => i % 4 === 0)) {
      const again = await reliably('POST', o.path, o.token, o.body);
      expect(again.data, `${o.kind} ${o.body.key}`).toEqual(o.answer.data);
    }

    // Nothing lost, nothing doubled: one row per accepted key.
    const ids = (kind: string) =>
      accepted.filter((o) => o.kind === kind).map((o) => String(o.answer.data?.id ?? o.answer.data?.holding?.id));
    const orderIds = ids('order');
    expect(new Set(orderIds).size).toBe(orderIds.length);
    const clientIds = clients.map((c) => c.userId);
    const count = async (table: string) =>
      Number(
        (
          await database.db.execute<{ n: string }>(
            sql.raw(`SELECT count(*) AS n FROM ${table} WHERE user_id IN (${clientIds.join(',')})`),
          )
        ).rows[0]!.n,
      );
    expect(await count('contract_orders')).toBe(orderIds.length);
    expect(await count('deposits')).toBe(ids('deposit').length);
    expect(await count('withdrawals')).toBe(ids('withdrawal').length);

    // The feed (whichever node leads it now) and settlement carry on: every order settles, once.
    await waitFor(
      async () =>
        Number(
          (
            await database.db.execute<{ n: string }>(
              sql.raw(
                `SELECT count(*) AS n FROM contract_orders WHERE status = 'open' AND user_id IN (${clientIds.join(',')})`,
              ),
            )
          ).rows[0]!.n,
        ) === 0,
      'every order settled',
      120_000,
    );
    const settleJournals = await database.db.execute<{ reference: string; n: string }>(
      sql`SELECT reference, count(*) AS n FROM ledger_journals WHERE reference LIKE '%settle%' GROUP BY reference HAVING count(*) > 1`,
    );
    expect(settleJournals.rows).toEqual([]);
    const fresh = await database.db.execute<{ t: string }>(sql`SELECT max(ts) AS t FROM price_ticks`);
    expect(Number(fresh.rows[0]!.t)).toBeGreaterThan(killedAt + 5);

    // The stream reconnected through the balancer and kept delivering.
    stopStream = true;
    streams.forEach((ws) => ws.close());
    expect(ticks.some((t) => t > killedAt + 3)).toBe(true);
    expect(reconnects).toBeGreaterThanOrEqual(0);

    const ledger = await verifyLedger(database.db);
    expect(ledger.breaks).toEqual([]);
  }, 400_000);
});
