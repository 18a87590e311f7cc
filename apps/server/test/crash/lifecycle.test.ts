import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { isAlive, postmasterPid, runBuilt, serverBuilt, serverRoot, waitFor } from './processes.ts';
import { testPort } from '../helpers/test-port.ts';
import { bootstrapOperators } from '../helpers/operator-bootstrap.ts';

const embedded = inject('pgMode') === 'embedded';
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'app-life-'));
afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

async function startServer() {
  const port = await testPort();
  const adminPort = await testPort();
  await serverBuilt();
  const server = runBuilt({
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_PORT: String(adminPort),
    NODE_ENV: 'production',
  });
  await waitFor(
    () => server.lines.some((l) => l.includes('"listening;')),
    'the server to listen',
    undefined,
    server.lines,
  );
  return { ...server, base: `http://127.0.0.1:${port}`, admin: `http://127.0.0.1:${adminPort}`, adminPort };
}

const form = (base: string, url: string, body: Record<string, string>, token?: string) =>
  fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { token } : {}) },
    body: new URLSearchParams(body),
  }).then((r) => r.json() as Promise<any>);

describe.runIf(embedded)('server lifecycle on the embedded database', () => {
  it('stops cleanly on SIGTERM, keeps the data across restarts, and verifies the ledger from the CLI', async () => {
    const first = await startServer();
    expect(first.lines.join('\n')).toContain('first invitation code: WELCOME');
    const adminToken = (await fs.readFile(path.join(dataDir, 'admin-token'), 'utf8')).trim();
    expect(adminToken.length).toBeGreaterThanOrEqual(32);
    // The generated shared token makes the first admin; the operators act with their own API tokens.
    const operators = await bootstrapOperators(first.admin, adminToken);

    await form(first.base, '/api/login/sendcode', { phone: '13900000001' });
    const outbox = await fetch(`${first.admin}/admin/sms-outbox?recipient=13900000001`, {
      headers: { authorization: `Bearer ${operators.alice}` },
    }).then((r) => r.json() as Promise<any>);
    const code = /\d{6}/.exec(outbox.data.items[0].body)![0];
    // Production logs never carry a live code.
    expect(first.lines.join('\n')).not.toContain(code);
    const reg = await form(first.base, '/api/login/reg', {
      account: 'survivor',
      phone: '13900000001',
      password: 'secret123',
      password_confirm: 'secret123',
      code,
      invite_code: 'WELCOME',
      agree: '1',
    });
    expect(reg.code).toBe(200);

    const verify = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/ledger-verify.ts'], {
      cwd: serverRoot,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
    });
    expect(verify.stdout).toContain('ledger OK');

    const ops = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli/ops.ts', 'users', 'list', '-q', 'survivor'],
      {
        cwd: serverRoot,
        env: { ...process.env, DATA_DIR: dataDir, ADMIN_PORT: String(first.adminPort), OPS_TOKEN: operators.sam },
      },
    );
    expect(ops.stdout).toContain('survivor');

    const pgPid = await postmasterPid(dataDir);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(isAlive(pgPid!)).toBe(false);
    expect(await postmasterPid(dataDir)).toBeNull();

    const second = await startServer();
    expect(second.lines.join('\n')).not.toContain('first invitation code: WELCOME');
    const login = await form(second.base, '/api/login/index', { account: 'survivor', password: 'secret123' });
    expect(login.code).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 240_000);

  it('refuses to start a second server on a data directory that is in use', async () => {
    const first = await startServer();
    const second = runBuilt({ DATA_DIR: dataDir, PORT: '0', ADMIN_PORT: '0' });
    expect(await second.exited).not.toBe(0);
    expect(second.lines.join('\n')).toMatch(/in use by process/);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }, 240_000);
});
