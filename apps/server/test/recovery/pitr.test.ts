import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAccount } from '../../src/modules/ledger/account-codes.ts';
import { connect, type Database } from '../../src/platform/db/client.ts';
import { postgresUser } from '../../src/platform/db/embedded.ts';
import { testPort } from '../helpers/test-port.ts';
import { serverRoot, startServer, stopRun, waitFor, type runTs } from '../crash/processes.ts';
import { expectBooksAfterLoad, MixedLoad, type Answer, type LoadClient, type Outcome } from '../helpers/mixed-load.ts';

/**
 * The restore drill of docs/operations.md#point-in-time-recovery, on a PostgreSQL 15 of Debian's and the pgBackRest
 * Debian ships, configured with deploy/pgbackrest's two files (only their paths moved into a scratch folder): a
 * base backup, an order, a chosen moment, a second order, then the database restored to that moment. The first
 * order is there and settles, the second never happened, the user's balance is what it was at that moment, and the
 * ledger verifies, before and after the server runs on the restored database again.
 */

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const STANZA = 'contract-trader';
const ADMIN_TOKEN = 'pitr-admin-token-0123456789abcdef';

/** Debian's server binaries (postgresql-15 and later), the newest installed. */
function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}
const bin = postgresBin();
const pgbackrest = ['/usr/bin/pgbackrest', '/usr/local/bin/pgbackrest'].find((p) => existsSync(p));
const missing = [!bin && 'a PostgreSQL server (postgresql-15)', !pgbackrest && 'pgbackrest'].filter(Boolean);
// CI installs both (.ci/run): there, a missing tool is a failure, not a skip.
if (missing.length && process.env.CI) throw new Error(`the restore drill needs ${missing.join(' and ')}`);
if (missing.length) console.warn(`[pitr] ${missing.join(' and ')} not installed: the restore drill is skipped`);

let dir: string;
let port: number;
let database: Database | undefined;
let server: ReturnType<typeof runTs> | undefined;
let env: Record<string, string>;

/** PostgreSQL and pgBackRest refuse to run as root: as root, the drill runs them as Debian's `postgres` user. */
async function asPostgres(command: string, args: string[]) {
  const [file, argv] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  try {
    return (await run(file, argv, { env, maxBuffer: 16 << 20 })).stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}
const backrest = (...args: string[]) => asPostgres(pgbackrest!, [`--stanza=${STANZA}`, ...args]);
const pgCtl = (...args: string[]) => asPostgres(path.join(bin!, 'pg_ctl'), ['-D', path.join(dir, 'data'), ...args]);
const url = () => `postgres://postgres@127.0.0.1:${port}/postgres`;

/** deploy/pgbackrest/pgbackrest.conf with its paths moved into the scratch folder; every other line as shipped. */
async function drillConfig(): Promise<string> {
  const shipped = await fs.readFile(path.join(repoRoot, 'deploy/pgbackrest/pgbackrest.conf'), 'utf8');
  const moved: Record<string, string> = {
    'repo1-path': path.join(dir, 'repo'),
    'spool-path': path.join(dir, 'spool'),
    'log-path': path.join(dir, 'log'),
    'pg1-path': path.join(dir, 'data'),
    'pg1-port': String(port),
    'pg1-socket-path': dir,
  };
  for (const key of Object.keys(moved)) expect(shipped, key).toMatch(new RegExp(`^${key}=`, 'm'));
  const lines = shipped.replace(/^([\w-]+)=.*$/gm, (line, key: string) =>
    key in moved ? `${key}=${moved[key]}` : line,
  );
  // The lock files too (/tmp/pgbackrest by default, shared by every cluster on the machine).
  return lines.replace('[global]\n', `[global]\nlock-path=${path.join(dir, 'lock')}\n`);
}

async function startPostgres() {
  await pgCtl('-l', path.join(dir, 'postgres.log'), '-w', '-t', '120', 'start');
  database = connect(url(), 4);
}

async function stopPostgres() {
  await database?.close();
  database = undefined;
  await pgCtl('-m', 'fast', '-w', 'stop');
}

async function stopServer() {
  if (!server) return;
  await stopRun(server);
  server = undefined;
}

async function availableOf(userId: number): Promise<bigint> {
  const row = await database!.db.execute<{ balance: string }>(
    sql`SELECT balance FROM ledger_accounts WHERE code = ${userAccount(userId, 'available')}`,
  );
  return BigInt(row.rows[0]!.balance);
}

const suite = missing.length ? describe.skip : describe;

suite('point-in-time recovery with pgBackRest (deploy/pgbackrest)', () => {
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pitr-'));
    port = await testPort();
    env = { ...process.env, PGBACKREST_CONFIG: path.join(dir, 'pgbackrest.conf') } as Record<string, string>;
    const { uid, gid } = await postgresUser();
    if (uid !== undefined && gid !== undefined) await fs.chown(dir, uid, gid);
    await fs.writeFile(env.PGBACKREST_CONFIG!, await drillConfig(), { mode: 0o644 });
    await asPostgres(path.join(bin!, 'initdb'), ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres']);
    // The archiving lines exactly as an operator adds them, then what places this cluster in the scratch folder.
    const archiving = await fs.readFile(path.join(repoRoot, 'deploy/pgbackrest/postgresql-archiving.conf'), 'utf8');
    await fs.appendFile(
      path.join(dir, 'data/postgresql.conf'),
      `\n${archiving}\nport = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\n`,
    );
    await startPostgres();
    await backrest('stanza-create');
    await backrest('check');
  }, 300_000);

  afterAll(async () => {
    await stopServer();
    if (dir && existsSync(path.join(dir, 'data/postmaster.pid'))) await stopPostgres().catch(() => {});
    await database?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('restores to a moment between two orders: the first is there and settles, the second never was, books clean', async () => {
    const serverDir = path.join(dir, 'server');
    await fs.mkdir(serverDir);
    const startNode = async () => {
      const [api, admin] = [await testPort(), await testPort()];
      server = await startServer({
        DATABASE_URL: url(),
        DATA_DIR: serverDir,
        PORT: api,
        ADMIN_PORT: admin,
        ADMIN_TOKEN,
      });
      return `http://127.0.0.1:${api}`;
    };
    // The server migrates and seeds, then a user with money, a fund password and a card.
    let base = await startNode();
    const load = new MixedLoad(() => base, database!.db);
    const client: LoadClient = await load.client(0, 'pitr');

    // The base backup a restore starts from; everything after it is replayed from the archived WAL.
    await backrest('backup', '--type=full');
    const info = JSON.parse(await backrest('info', '--output=json')) as {
      backup: { type: string; timestamp: { stop: number } }[];
    }[];
    expect(info[0]!.backup.map((b) => b.type)).toEqual(['full']);
    // pgBackRest keeps a backup's stop time in whole seconds and restores to a moment only from a backup that stopped
    // before it: the orders start once that second is over (in the same second, the restore finds no backup).
    const stoppedAt = info[0]!.backup[0]!.timestamp.stop;
    await waitFor(() => Date.now() / 1000 >= stoppedAt + 1, 'the second after the backup stopped', 5_000);

    const order = async () => {
      const body = { symbol: 'BTC/USDT', seconds: '30', amount: '10', direction: 'up', key: randomUUID() };
      const path = '/api/user/addorder';
      // A fresh server takes orders once its feed has recorded a live second, which the backfill before it can delay
      // on a loaded machine (CI: prices_starting); a refused order changes nothing and is sent again.
      let answer: Answer | undefined;
      await waitFor(
        async () => (answer = await load.request(client, 'POST', path, body)).key !== 'prices_starting',
        'live prices for an order',
        60_000,
      );
      const placed = answer!;
      expect(placed.code, placed.key).toBe(200);
      return { kind: 'order', client, path, body, answer: placed } satisfies Outcome;
    };
    const first = await order();
    // The chosen moment, on the database's clock: after the first order's commit, before the second one starts.
    const moment = (await database!.db.execute<{ at: string }>(sql`SELECT clock_timestamp()::text AS at`)).rows[0]!.at;
    const balanceAtMoment = await availableOf(client.userId);
    await new Promise((r) => setTimeout(r, 1_500));
    const second = await order();
    expect(await availableOf(client.userId)).toBeLessThan(balanceAtMoment);

    // As the docs say: stop the nodes, have the last WAL archived (check switches segments and waits for the
    // archive), stop the database, restore to the moment, start it and let it promote.
    await stopServer();
    await backrest('check');
    await stopPostgres();
    await backrest('restore', '--delta', '--type=time', `--target=${moment}`, '--target-action=promote');
    await startPostgres();
    await waitFor(
      async () =>
        (await database!.db.execute<{ r: boolean }>(sql`SELECT pg_is_in_recovery() AS r`)).rows[0]!.r === false,
      'the restored database to finish recovery and promote',
      120_000,
    );

    const orderIds = (
      await database!.db.execute<{ id: string }>(
        sql`SELECT id::text FROM contract_orders WHERE user_id = ${client.userId}`,
      )
    ).rows.map((r) => r.id);
    expect(orderIds).toEqual([String(first.answer.data!.id)]);
    expect(orderIds).not.toContain(String(second.answer.data!.id));
    expect(await availableOf(client.userId)).toBe(balanceAtMoment);
    // The docs' check after a restore, the CLI as an operator runs it.
    const verified = await run(process.execPath, ['--import', 'tsx', 'src/cli/ledger-verify.ts'], {
      cwd: serverRoot,
      env: { ...process.env, DATABASE_URL: url() },
    });
    expect(verified.stdout).toContain('ledger OK');

    // The server runs on the restored database: the first order settles once and the books stay clean.
    base = await startNode();
    await expectBooksAfterLoad(database!.db, [client], [first]);
    // The restored cluster archives on a timeline of its own, and backs up again.
    await backrest('check');
  }, 600_000);
});
