import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { supportConversations, supportMessages } from '../../src/modules/support/support.table.ts';
import { serverRoot } from '../crash/processes.ts';
import { call, createTestApp, registerUser, testOperatorToken, type TestApp } from '../helpers/test-app.ts';

/** Control bytes a user writes must neither be stored nor reach an operator's terminal. */
const ESC = '\u001b';
const HOSTILE = `hello ${ESC}]0;owned\u0007${ESC}[2J\u202Eevil\u2066 done`;
// eslint-disable-next-line no-control-regex -- what must not reach the terminal
const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** The CLI acts as a seeded operator, with their API token. */
const OPS_TOKEN = testOperatorToken('alice');

let t: TestApp;
let adminUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  adminUrl = await t.admin.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => t?.close());

describe('text users write', () => {
  it('is stored without terminal controls or bidi overrides', async () => {
    const u = await registerUser(t.app, t.database);
    const sent = await call(t.app, 'POST', '/api/user/service', { token: u.token, body: { body: HOSTILE } });
    expect(sent.code).toBe(200);
    const [row] = await t.database.db
      .select({ body: supportMessages.body })
      .from(supportMessages)
      .where(sql`${supportMessages.userId} = ${u.user.id}`);
    expect(row!.body).toBe('hello ]0;owned[2Jevil done');
  });

  it('never reaches the operator CLI as raw control bytes, even when stored by another path', async () => {
    const u = await registerUser(t.app, t.database);
    // As a row written before the contracts cleaned text (or by any other writer) would be.
    const [conversation] = await t.database.db
      .insert(supportConversations)
      .values({ userId: u.user.id })
      .returning({ id: supportConversations.id });
    await t.database.db
      .insert(supportMessages)
      .values({ conversationId: conversation!.id, userId: u.user.id, author: 'user', body: HOSTILE });
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli/ops.ts', 'support', 'show', String(conversation!.id)],
      { cwd: serverRoot, env: { ...process.env, ADMIN_URL: adminUrl, OPS_TOKEN, FORCE_COLOR: '1' } },
    );
    expect(stdout).toContain('hello');
    expect(stdout).not.toMatch(RAW_CONTROL);
    expect(stdout).toContain('\\u001b]0;owned\\u0007\\u001b[2J\\u202eevil\\u2066 done');
  });

  it('prints its own tables as plain text, even where colours are forced, so any escape shown came from data', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli/ops.ts', 'users', 'list'],
      { cwd: serverRoot, env: { ...process.env, ADMIN_URL: adminUrl, OPS_TOKEN, FORCE_COLOR: '1' } },
    );
    expect(stdout).toContain('│ id');
    expect(stdout).not.toMatch(RAW_CONTROL);
    expect(stdout).not.toContain('\\u001b');
  });
});
