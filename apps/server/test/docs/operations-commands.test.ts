import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/platform/db/client.ts';
import { runningEmbeddedUrl } from '../../src/platform/db/embedded.ts';
import { testPort } from '../helpers/test-port.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { startServer, stopRun, type runTs } from '../crash/processes.ts';
import { bootstrapOperators } from '../helpers/operator-bootstrap.ts';

/**
 * docs/operations.md followed literally: every command of its shell blocks that runs on a node (`pnpm ...`, and the
 * crontab line's command) is run as written, in order, from the repository's root, against a server on a scratch
 * DATA_DIR, with only the example paths (/srv/...) moved into a scratch folder and the example token replaced by a
 * real operator's. A renamed command, a wrong option or an example the server refuses fails here. The lines that
 * administer a host (apt-get, systemctl, sudo, cp, install) are checked elsewhere: the units by systemd-analyze
 * (deploy-systemd), the pgBackRest ones by the restore drill (test/recovery/pitr.test.ts).
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const ADMIN_TOKEN = 'docs-admin-token-0123456789abcdef';
const HOST_ADMINISTRATION = /^(apt-get|systemctl|sudo|cp|install|DATABASE_URL=\S+ node) /;

type Command = { block: number; line: string };

/** The shell blocks' lines, comments and continuations joined; a crontab line becomes its command. */
function commandsOf(markdown: string): Command[] {
  const blocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks.flatMap((text, block) =>
    text
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter(Boolean)
      .map((line) => {
        const cron = /^(\S+\s+){5}(.*)$/.exec(line);
        const command = cron && /^[\d*]/.test(line) ? cron[2]!.replace(/\\%/g, '%') : line;
        return { block, line: command };
      }),
  );
}

let dir: string;
let env: Record<string, string>;
let server: ReturnType<typeof runTs> | undefined;

async function stopServer() {
  if (!server) return;
  await stopRun(server);
  server = undefined;
}

describe('docs/operations.md, its commands as written', () => {
  const commands = commandsOf(readFileSync(path.join(repoRoot, 'docs/operations.md'), 'utf8'));

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docs-commands-'));
    // PostgreSQL runs as its own user when the tests run as root: it must pass through this folder.
    await fs.chmod(dir, 0o711);
    const data = path.join(dir, 'data');
    await fs.mkdir(data);
    const [port, adminPort] = [await testPort(), await testPort()];
    env = { DATA_DIR: data, PORT: String(port), ADMIN_PORT: String(adminPort), ADMIN_TOKEN };
    server = await startServer({ DATA_DIR: data, PORT: port, ADMIN_PORT: adminPort, ADMIN_TOKEN });
    const { alice } = await bootstrapOperators(`http://127.0.0.1:${adminPort}`, ADMIN_TOKEN);
    env.OPS_TOKEN = alice!;
    // The examples name user 42 (and lock, then unlock it).
    const database = connect((await runningEmbeddedUrl(data))!, 1);
    await database.db
      .insert(users)
      .values({ id: 42, account: 'docs42', phone: '13800000042', passwordHash: 'x', inviteCode: 'DOCS42' });
    await database.close();
  }, 300_000);

  afterAll(async () => {
    await stopServer();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('has node commands to run, and only known host administration besides', () => {
    expect(commands.filter((c) => c.line.startsWith('pnpm ')).length).toBeGreaterThan(10);
    const others = commands.filter((c) => !/^(pnpm |cd |export OPS_TOKEN=)/.test(c.line));
    for (const c of others) expect(c.line, 'a command this test neither runs nor knows').toMatch(HOST_ADMINISTRATION);
  });

  it('runs every node command without an error, in order', async () => {
    const ran: string[] = [];
    for (const { line } of commands) {
      if (HOST_ADMINISTRATION.test(line) || line.startsWith('export OPS_TOKEN=')) continue;
      // The docs' restore says to stop the server first.
      if (/\bops restore\b/.test(line)) await stopServer();
      const command = line
        .replaceAll('/srv/app/data', env.DATA_DIR!)
        .replaceAll('/srv/app', repoRoot)
        .replaceAll('/srv/backups', path.join(dir, 'backups'));
      // This node's own embedded database, whatever the surrounding shell points DATABASE_URL at.
      const { DATABASE_URL: _external, ...inherited } = process.env;
      const run = spawnSync('bash', ['-c', command], {
        cwd: repoRoot,
        env: { ...inherited, ...env },
        encoding: 'utf8',
        timeout: 180_000,
      });
      expect(run.status, `${line}\n${run.stdout}\n${run.stderr}`).toBe(0);
      ran.push(line);
    }
    expect(ran.some((l) => l.includes('ops restore'))).toBe(true);
  }, 900_000);
});
