import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../crash/processes.ts';
import { ADMIN_TOKEN, createTestApp, operatorHeaders, testOperatorToken, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let adminUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  adminUrl = await t.admin.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => t?.close());

/** `pnpm ops ...` against the in-process operator API, with OPS_TOKEN set to token (or unset). */
async function ops(token: string | undefined, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, ADMIN_URL: adminUrl };
  delete env.OPS_TOKEN;
  if (token !== undefined) env.OPS_TOKEN = token;
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/ops.ts', ...args], {
    cwd: serverRoot,
    env,
  }).then(
    ({ stdout, stderr }) => ({ exit: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ ...error, exit: error.code }),
  );
}

describe('the operator CLI acts as the operator whose API token is in OPS_TOKEN', () => {
  it('says who that is: name, role and permissions', async () => {
    const me = await ops(testOperatorToken('fay'), 'whoami');
    expect(me.exit).toBe(0);
    expect(me.stdout).toContain('name: fay');
    expect(me.stdout).toContain('role: finance');
    expect(me.stdout).toContain('permissions: users.read, money.review, money.adjust, audit.read');
  });

  it('refuses to run without OPS_TOKEN, and the shared token is nobody', async () => {
    const none = await ops(undefined, 'users', 'list');
    expect(none.exit).toBe(1);
    expect(none.stderr).toContain('no OPS_TOKEN');
    expect(none.stderr).toContain('POST /admin/tokens');
    const shared = await ops(ADMIN_TOKEN, 'whoami');
    expect(shared.exit).toBe(1);
    expect(shared.stderr).toContain('OPS_TOKEN is not a live operator API token');
  });

  it("is held to the token's role", async () => {
    const refused = await ops(testOperatorToken('cole'), 'users', 'list');
    expect(refused.exit).toBe(1);
    expect(refused.stderr).toContain('pnpm ops whoami');
    expect((await ops(testOperatorToken('sam'), 'users', 'list')).stdout).toMatch(/\d+ user\(s\)/);
  });
});

describe('a change that weakens a control, made with the CLI', () => {
  it('is held, and applies once another operator approves it with pnpm ops held', async () => {
    const made = await ops(testOperatorToken('alice'), 'wallet', 'set', 'hold_hours=0', '-r', 'cli: no hold');
    expect(made.exit).toBe(0);
    expect(made.stderr).toContain('pnpm ops held approve');
    const settings = async () =>
      (await t.admin.inject({ method: 'GET', url: '/admin/wallet-settings', headers: operatorHeaders('bob') })).json()
        .data as { hold_hours: number };
    expect((await settings()).hold_hours).not.toBe(0);

    const listed = await ops(testOperatorToken('bob'), 'held', 'list');
    const id = /#(\d+) wallet\.settings/.exec(listed.stdout)?.[1];
    expect(id, listed.stdout).toBeDefined();
    expect(listed.stdout).toContain('hold_hours:');
    expect((await ops(testOperatorToken('alice'), 'held', 'approve', id!, '-r', 'my own')).exit).toBe(1);
    const approved = await ops(testOperatorToken('bob'), 'held', 'approve', id!, '-r', 'agreed: no hold');
    expect(approved.exit, approved.stderr).toBe(0);
    expect(approved.stdout).toContain('(applied)');
    expect((await settings()).hold_hours).toBe(0);
  });
});
