import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedTreeAt, previousLandedVersionOf } from '../../../../e2e/support/previous-version.ts';
import { connect, type Database } from '../../src/platform/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/platform/db/embedded.ts';
import { testPort } from '../helpers/test-port.ts';
import { startServer, stopRun, type runTs } from '../crash/processes.ts';
import { expectBooksAfterLoad, MixedLoad, openWithdrawals } from '../helpers/mixed-load.ts';
import { bootstrapOperators } from '../helpers/operator-bootstrap.ts';

/**
 * N-1: the previous landed release's server (e2e/skew-baseline, else the last other version of apps/server in the
 * history), with its own sources and dependencies, runs beside this one on the schema this one migrated, as
 * during a rolling upgrade or after a rollback of the code alone (docs/operations.md). Requests alternate between
 * the two nodes: each gets exactly one outcome, a replay on the other node gets the first answer, every order
 * settles once, and the ledger verifies.
 */

const ADMIN_TOKEN = 'upgrade-admin-token-0123456789abcdef';
const LOAD_MS = 12_000;
const previous = previousLandedVersionOf('apps/server');
if (!previous) console.warn('[upgrade] no previous version of apps/server in this history: the N-1 test is skipped');

type Node = { port: number; adminPort: number; run: ReturnType<typeof runTs> };

let dir: string;
let embedded: EmbeddedDatabase;
let database: Database;
let current: Node;
let old: Node;

const suite = previous ? describe : describe.skip;

suite(`the previous release (${previous?.slice(0, 8)}) beside this one on this schema`, () => {
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'upgrade-'));
    // PostgreSQL runs as its own user when the tests run as root: it must pass through this folder.
    await fs.chmod(dir, 0o711);
    const tree = path.join(dir, 'previous');
    installedTreeAt(previous!, tree);
    embedded = await startEmbeddedPostgres(path.join(dir, 'db'));
    database = connect(embedded.url, 10);
    // This release migrates and seeds first, as the first upgraded node of a rolling upgrade does.
    const [port, adminPort] = [await testPort(), await testPort()];
    await fs.mkdir(path.join(dir, 'current'));
    const run = await startServer({
      DATABASE_URL: embedded.url,
      DATA_DIR: path.join(dir, 'current'),
      PORT: port,
      ADMIN_PORT: adminPort,
      ADMIN_TOKEN,
    });
    current = { port, adminPort, run };
    const [oldPort, oldAdminPort] = [await testPort(), await testPort()];
    await fs.mkdir(path.join(dir, 'old'));
    old = {
      port: oldPort,
      adminPort: oldAdminPort,
      // Its own sources and dependencies, started as this release's are.
      run: await startServer(
        {
          DATABASE_URL: embedded.url,
          DATA_DIR: path.join(dir, 'old'),
          PORT: oldPort,
          ADMIN_PORT: oldAdminPort,
          ADMIN_TOKEN,
        },
        { cwd: path.join(tree, 'apps/server') },
      ),
    };
    const adminUrl = `http://127.0.0.1:${current.adminPort}`;
    const operators = await bootstrapOperators(adminUrl, ADMIN_TOKEN);
    expect((await openWithdrawals(adminUrl, operators.alice!, operators.bob!)).code).toBe(200);
  }, 600_000);

  afterAll(async () => {
    for (const node of [current, old]) {
      if (!node) continue;
      await stopRun(node.run);
    }
    await database?.close();
    await embedded?.stop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('serves the same users, orders, deposits, withdrawals and plans: one outcome each, replays agree, books clean', async () => {
    const urls = [current, old].map((n) => `http://127.0.0.1:${n.port}`);
    let turn = 0;
    const load = new MixedLoad(() => urls[turn++ % 2]!, database.db);
    const clients = await Promise.all(Array.from({ length: 8 }, (_, i) => load.client(i, 'upgrade')));
    const started = Date.now();
    const outcomes = await load.run(clients, () => Date.now() - started > LOAD_MS);

    const accepted = outcomes.filter((o) => o.answer.code === 200);
    // A refusal is the server's to explain: its lines say why.
    if (outcomes.some((o) => o.answer.code !== 200))
      console.error(`[upgrade] the previous release's last lines:\n  ${old.run.lines.slice(-30).join('\n  ')}`);
    expect(outcomes.filter((o) => o.answer.code !== 200).map((o) => `${o.kind}:${o.answer.key}`)).toEqual([]);
    for (const kind of ['order', 'plan', 'deposit', 'withdrawal'])
      expect(accepted.filter((o) => o.kind === kind).length, kind).toBeGreaterThan(1);

    // A replay reaches the other release and gets the first answer.
    for (const o of accepted.filter((_, i) => i % 3 === 0)) {
      const again = await load.request(o.client, 'POST', o.path, o.body);
      expect(again.data, `${o.kind} ${o.body.key}`).toEqual(o.answer.data);
    }

    // Whichever release leads the jobs, every order settles, once.
    await expectBooksAfterLoad(database.db, clients, accepted);
    // Both are still up.
    for (const node of [current, old]) expect(node.run.child.exitCode).toBeNull();
  }, 400_000);
});
