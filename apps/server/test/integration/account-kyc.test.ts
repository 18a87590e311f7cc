import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  call,
  createTestApp,
  operatorHeaders,
  registerUser,
  type TestApp,
  type TestOperator,
} from '../helpers/test-app.ts';
import { kycSubmissions } from '../../src/modules/kyc/kyc.table.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { decryptDocument, deriveKeys, loadKycKeys } from '../../src/modules/kyc/kyc-crypto.ts';
import { cnIdCheckChar } from '../../src/modules/kyc/id-document.ts';

const MASTER = Buffer.alloc(32, 7);
process.env.KYC_KEY = MASTER.toString('base64');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let serial = 100;
/** A fresh valid resident ID (born 1990-03-07, a new sequence number each time). */
const freshId = () => {
  const first17 = `11010119900307${String(serial++).padStart(3, '0')}`;
  return first17 + cnIdCheckChar(first17);
};
const submit = (token: string, body: Record<string, string>, lang = 'en') =>
  call(t.app, 'POST', '/api/user/certification', { token, lang, body });
const state = (token: string) => call(t.app, 'GET', '/api/user/certification', { token });
const admin = async (
  as: TestOperator | { authorization: string },
  method: 'GET' | 'POST',
  url: string,
  body?: object,
) => {
  const response = await t.admin.inject({
    method,
    url,
    headers: typeof as === 'string' ? operatorHeaders(as) : as,
    ...(body ? { payload: body } : {}),
  });
  return response.json();
};
const pendingIdOf = async (userId: number) => {
  const [row] = await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, userId));
  return row!.id;
};

describe('/api/user/certification', () => {
  it('needs a session', async () => {
    expect((await submit('', { real_name: '张三', id_number: freshId() })).key).toBe('login_required');
  });

  it('answers each refusal with its translated message and changes nothing', async () => {
    const u = await registerUser(t.app, t.database);
    const cases: Array<[Record<string, string>, string]> = [
      [{ real_name: '', id_number: freshId() }, 'name_wrong'],
      // A Latin name on a resident ID: the refusal keeps "in Chinese characters" (issue #29, defect 10).
      [{ real_name: 'Zhang San', id_number: freshId() }, 'name_in_chinese'],
      [{ real_name: 'Anna 1', doc_type: 'passport', id_number: 'E12345678' }, 'name_wrong'],
      [{ real_name: '张三', id_number: '' }, 'id_number_wrong'],
      [{ real_name: '张三', id_number: '110101199003071005' }, 'id_number_wrong'], // wrong check digit
      [{ real_name: '张三', id_number: '110101199002301004' }, 'id_number_wrong'], // 30 February
      [{ real_name: 'Anna Schmidt', doc_type: 'passport', id_number: 'ABCDEFGH' }, 'id_number_wrong'],
      [{ real_name: '张三', doc_type: 'driving_licence', id_number: freshId() }, 'invalid_request'],
    ];
    for (const [body, key] of cases) {
      const answer = await submit(u.token, body);
      expect(answer.key, JSON.stringify(body)).toBe(key);
      expect(answer.code).not.toBe(200);
    }
    expect((await submit(u.token, { real_name: 'Zhang San', id_number: freshId() })).msg).toContain(
      'in Chinese characters',
    );
    const de = await submit(u.token, { real_name: '张三', id_number: '110101199003071005' }, 'de');
    expect(de.msg).not.toBe((await submit(u.token, { real_name: '张三', id_number: '110101199003071005' })).msg);
    expect((await state(u.token)).data.state).toBe('none');
    expect(await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, u.user.id))).toEqual([]);
  });

  it('stores a submission as under review, the number encrypted and shown masked only', async () => {
    const u = await registerUser(t.app, t.database);
    const number = freshId().toLowerCase().replace('x', 'x');
    const answer = await submit(u.token, { real_name: '张三丰', id_number: ` ${number} ` });
    expect(answer.code).toBe(200);
    expect(answer.key).toBe('realname_submitted');
    expect(answer.data).toMatchObject({ state: 'pending', can_submit: false, real_name: '张**' });
    const upper = number.toUpperCase();
    expect(answer.data.id_number_masked).toBe(`${upper.slice(0, 4)}**********${upper.slice(-4)}`);
    expect(JSON.stringify(answer)).not.toContain(upper);

    const info = await call(t.app, 'GET', '/api/user/index', { token: u.token });
    expect(info.data.real_name_state).toBe('pending');

    // At rest: no column holds the number, not even as text of the raw row.
    const raw = await t.database.db.execute(
      sql`select row_to_json(k)::text as j, encode(doc_cipher, 'escape') as c from kyc_submissions k where user_id = ${u.user.id}`,
    );
    const dump = String(raw.rows[0]!.j) + String(raw.rows[0]!.c);
    expect(dump).not.toContain(upper);
    expect(dump).not.toContain(upper.slice(6, 14) + upper.slice(14, 17));
    const [row] = await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, u.user.id));
    expect(decryptDocument(deriveKeys(MASTER), u.user.id, row!.docCipher)).toBe(upper);
    // Bound to its user: the same ciphertext under another user's id does not open.
    expect(() => decryptDocument(deriveKeys(MASTER), u.user.id + 1, row!.docCipher)).toThrow();
    expect(() => decryptDocument(deriveKeys(Buffer.alloc(32, 8)), u.user.id, row!.docCipher)).toThrow();

    expect((await submit(u.token, { real_name: '张三丰', id_number: freshId() })).key).toBe('real_name_under_review');
  });

  it('lets one of two users racing with the same number in; the other hears "ID number exists"', async () => {
    const number = freshId();
    const a = await registerUser(t.app, t.database);
    const b = await registerUser(t.app, t.database);
    const answers = await Promise.all([
      submit(a.token, { real_name: '李四', id_number: number }),
      submit(b.token, { real_name: '王五', id_number: number }),
    ]);
    expect(answers.map((x) => x.key).sort()).toEqual(['id_number_exists', 'realname_submitted']);
    // Later, with a different spelling of the same number, still refused.
    const c = await registerUser(t.app, t.database);
    const spaced = `${number.slice(0, 6)} ${number.slice(6, 14)} ${number.slice(14).toLowerCase()}`;
    expect((await submit(c.token, { real_name: '赵六', id_number: spaced })).key).toBe('id_number_exists');
  });

  it('operator approval is audited; the user sees it and cannot repeat', async () => {
    const u = await registerUser(t.app, t.database);
    await submit(u.token, { real_name: 'Anna Schmidt', doc_type: 'passport', id_number: 'c01x00t47' });
    const id = await pendingIdOf(u.user.id);

    const listed = await admin('sam', 'GET', '/admin/kyc?state=pending');
    const item = listed.data.items.find((i: { id: number }) => i.id === id);
    expect(item).toMatchObject({ user_id: u.user.id, doc_type: 'passport', id_number_masked: 'C0*****47' });
    expect(JSON.stringify(listed)).not.toContain('C01X00T47');

    expect(
      (
        await admin({ authorization: 'Bearer wrong-token-0123456789abcdef' }, 'POST', `/admin/kyc/${id}/approve`, {
          reason: 'ok',
        })
      ).code,
    ).toBe(401);
    expect((await admin('sam', 'POST', `/admin/kyc/${id}/approve`, { reason: '' })).code).not.toBe(200);
    const approved = await admin('sam', 'POST', `/admin/kyc/${id}/approve`, { reason: 'documents match' });
    expect(approved.data).toMatchObject({ state: 'approved', decided_by: 'sam' });
    expect((await admin('sam', 'POST', `/admin/kyc/${id}/refuse`, { reason: 'too late' })).key).toBe(
      'review_already_decided',
    );

    const audit = await admin('alice', 'GET', '/admin/audit?size=20');
    const entry = audit.data.items.find((a: { target: string }) => a.target === `kyc:${id}`);
    expect(entry).toMatchObject({ operator: 'sam', action: 'kyc.approve', reason: 'documents match' });
    expect(JSON.stringify(entry)).not.toContain('C01X00T47');

    expect((await state(u.token)).data).toMatchObject({ state: 'verified', can_submit: false });
    const inbox = await call(t.app, 'GET', '/api/user/msg', { token: u.token });
    expect(inbox.data.items.map((m: { kind: string }) => m.kind)).toEqual(['realname_approved']);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, u.user.id));
    expect(user!.realNameState).toBe('verified');
    expect(
      (await submit(u.token, { real_name: 'Anna Schmidt', doc_type: 'passport', id_number: 'E12345678' })).key,
    ).toBe('already_verified');
  });

  it('a refusal shows its reason, frees the number and allows a new submission', async () => {
    const u = await registerUser(t.app, t.database);
    const number = freshId();
    await submit(u.token, { real_name: '钱七', id_number: number });
    const id = await pendingIdOf(u.user.id);
    const refused = await admin('sam', 'POST', `/admin/kyc/${id}/refuse`, { reason: 'photo unreadable' });
    expect(refused.data.state).toBe('refused');
    const seen = await state(u.token);
    expect(seen.data).toMatchObject({ state: 'refused', reason: 'photo unreadable', can_submit: true });
    // The result reaches the inbox with its reason, in the reader's language.
    const inbox = await call(t.app, 'GET', '/api/user/msg', { token: u.token, lang: 'de' });
    expect(inbox.data.unread).toBe(1);
    expect(inbox.data.items[0].body).toContain('photo unreadable');
    const audit = await admin('alice', 'GET', '/admin/audit?size=20');
    expect(audit.data.items.find((a: { target: string }) => a.target === `kyc:${id}`).action).toBe('kyc.refuse');

    expect((await submit(u.token, { real_name: '钱七', id_number: number })).key).toBe('realname_submitted');
    expect((await state(u.token)).data.state).toBe('pending');
    expect((await admin('sam', 'POST', `/admin/kyc/999999/approve`, { reason: 'nothing' })).key).toBe('no_data');
  });
});

describe('the key', () => {
  it('is created once in DATA_DIR with mode 0600 and read back the same', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-key-'));
    const env = {};
    const first = loadKycKeys(dir, env);
    const mode = fs.statSync(path.join(dir, 'kyc-key')).mode & 0o777;
    expect(mode).toBe(0o600);
    expect(loadKycKeys(dir, env).encryption.equals(first.encryption)).toBe(true);
    expect(first.encryption.equals(first.hashing)).toBe(false);
    expect(() => loadKycKeys(dir, { KYC_KEY: 'short' })).toThrow(/32 bytes/);
    fs.rmSync(dir, { recursive: true });
  });
});
