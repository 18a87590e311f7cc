import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { connect } from '../../src/platform/db/client.ts';
import { freePort, runningEmbeddedUrl } from '../../src/platform/db/embedded.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { MixedLoad, openWithdrawals } from '../helpers/mixed-load.ts';
import { bootstrapOperators } from '../helpers/operator-bootstrap.ts';
import { startServer, waitFor, type runTs } from './processes.ts';

/**
 * The whole server killed with SIGKILL twenty times while phones place orders, buy plans, deposit and withdraw;
 * each time it starts again on the same data (its embedded PostgreSQL recovered). The phones retry what got no
 * answer with the same idempotency key. At the end every request has one outcome, every replay its first
 * answer, no row is missing or doubled, every order settles once and the ledger re-derives clean.
 */
const CYCLES = Number(process.env.KILL_CYCLES ?? 20);
const ADMIN_TOKEN = 'kill-admin-token-0123456789abcdef';
const embedded = inject('pgMode') === 'embedded';
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'app-kill-'));
afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

describe.runIf(embedded)(`the server killed ${CYCLES} times under load`, () => {
  it('loses nothing, doubles nothing, and keeps the ledger clean', async () => {
    const [port, adminPort] = [await freePort(), await freePort()];
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
    } finally {
      await after.close();
      server!.child.kill('SIGTERM');
      await server!.exited;
    }
  }, 900_000);
});
