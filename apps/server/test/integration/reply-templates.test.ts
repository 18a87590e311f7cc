import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ReplyTemplate } from '@app/contracts';
import { cnIdCheckChar } from '../../src/modules/kyc/id-document.ts';
import { call, registerUser, type TestApp, type TestOperator } from '../helpers/test-app.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';
import {
  askWithdrawal,
  openWithdrawals,
  operatorCall,
  SATURDAY_MORNING_SHANGHAI,
  submitDeposit,
} from './wallet-helpers.ts';

// Reply templates (issue #42): support writes named wordings with a text per app language, each create, change and
// removal audited with a reason; bad input is refused and changes nothing. Refusing a deposit, a withdrawal or a
// real-name request, or answering support, with a template tells the user its text in their language (English
// where it has none), in the app's record and in the inbox, while the audit keeps the operator's own reason.
// Withdrawals keep opening hours: the clock is a Saturday morning in Shanghai, as in wallet.test.ts.

process.env.KYC_KEY ??= Buffer.alloc(32, 5).toString('base64');

let t: TestApp;
let market: MarketHarness;
beforeAll(async () => {
  ({ t, market } = await marketTestApp({ start: SATURDAY_MORNING_SHANGHAI }));
  await openWithdrawals(t, 'template test settings');
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

const op = (as: TestOperator, method: 'GET' | 'POST', url: string, body?: object) =>
  operatorCall(t.admin, as, method, url, body);
const audits = async (target: string) =>
  (
    await t.database.db.execute<{ action: string; operator: string; reason: string; details: any }>(
      sql`SELECT action, operator, reason, details FROM audit_log WHERE target = ${target} ORDER BY id`,
    )
  ).rows;
const templateRows = async () =>
  Number((await t.database.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM reply_templates`)).rows[0]!.n);
const inboxBody = async (token: string, kind: string) =>
  ((await call(t.app, 'GET', '/api/user/msg', { token })).data.items as { kind: string; body: string }[]).find(
    (m) => m.kind === kind,
  )?.body;

const UNREADABLE = {
  name: 'Screenshot unreadable',
  uses: ['deposit_refuse', 'withdrawal_refuse', 'kyc_refuse'],
  texts: {
    en: 'The picture could not be read. Please send a clear one.',
    zh: '图片无法辨认，请重新上传清晰的图片。',
    de: '',
  },
  reason: 'the most common refusal',
};

async function create(body: object, as: TestOperator = 'sam') {
  const answer = await op(as, 'POST', '/admin/reply-templates', body);
  expect(answer.code, answer.key).toBe(200);
  return answer.data as ReplyTemplate;
}

describe('reply templates', () => {
  it('are written by support with a reason (audited), read by every operator, and by act', async () => {
    const made = await create(UNREADABLE);
    // An empty text is no text: German readers get English.
    expect(made).toMatchObject({ name: 'Screenshot unreadable', created_by: 'sam', updated_by: 'sam' });
    expect(made.texts).toEqual({ en: UNREADABLE.texts.en, zh: UNREADABLE.texts.zh });
    expect(await audits(`reply_template:${made.id}`)).toEqual([
      {
        action: 'reply_template.create',
        operator: 'sam',
        reason: 'the most common refusal',
        details: { after: { name: made.name, uses: made.uses, texts: made.texts } },
      },
    ]);

    const hello = await create({
      name: 'Hello',
      uses: ['support_reply', 'support_reply'],
      texts: { en: 'Hello, how can we help?', th: 'สวัสดีครับ' },
      reason: 'greeting',
    });
    expect(hello.uses).toEqual(['support_reply']);
    // Finance refuses deposits: it reads the templates (all, or those for one act), a content editor too.
    const forDeposits = await op('fay', 'GET', '/admin/reply-templates?use=deposit_refuse');
    expect(forDeposits.data.items.map((i: ReplyTemplate) => i.id)).toEqual([made.id]);
    const all = await op('cole', 'GET', '/admin/reply-templates');
    expect(all.data.items.map((i: ReplyTemplate) => i.name)).toEqual(['Hello', 'Screenshot unreadable']);
    // Writing them is support's (and admins'): finance is refused, and nothing is written.
    const before = await templateRows();
    expect((await op('fay', 'POST', '/admin/reply-templates', { ...UNREADABLE, name: 'Other' })).status).toBe(403);
    expect(await templateRows()).toBe(before);

    const changed = await op('alice', 'POST', `/admin/reply-templates/${hello.id}`, {
      name: 'Greeting',
      uses: ['support_reply'],
      texts: { en: 'Hello! How can we help you?' },
      reason: 'friendlier',
    });
    expect(changed.data).toMatchObject({ name: 'Greeting', updated_by: 'alice', created_by: 'sam' });
    const removed = await op('sam', 'POST', `/admin/reply-templates/${hello.id}/remove`, { reason: 'not used' });
    expect(removed.code).toBe(200);
    expect((await op('sam', 'GET', '/admin/reply-templates')).data.items.map((i: ReplyTemplate) => i.id)).toEqual([
      made.id,
    ]);
    const trail = await audits(`reply_template:${hello.id}`);
    expect(trail.map((a) => [a.action, a.operator, a.reason])).toEqual([
      ['reply_template.create', 'sam', 'greeting'],
      ['reply_template.change', 'alice', 'friendlier'],
      ['reply_template.remove', 'sam', 'not used'],
    ]);
    expect(trail[1]!.details.before.texts).toEqual({ en: 'Hello, how can we help?', th: 'สวัสดีครับ' });
    expect(trail[1]!.details.after.texts).toEqual({ en: 'Hello! How can we help you?' });
    // A removed template's name may be taken again.
    await create({ ...UNREADABLE, name: 'greeting', uses: ['support_reply'] });
  });

  it('refuse bad input with a clear message and change nothing', async () => {
    const existing = await create({ ...UNREADABLE, name: 'Bad input base' });
    const rows = await templateRows();
    // A refused request is audited as operator.refused (as every refusal is); no template act is.
    const auditRows = async () =>
      Number(
        (
          await t.database.db.execute<{ n: string }>(
            sql`SELECT count(*) AS n FROM audit_log WHERE action LIKE 'reply_template.%'`,
          )
        ).rows[0]!.n,
      );
    const auditBefore = await auditRows();
    const cases: [object, string, string][] = [
      [{ ...UNREADABLE, name: 'No English', texts: { zh: '只有中文' } }, 'invalid_request', 'texts'],
      [{ ...UNREADABLE, name: 'Blank English', texts: { en: '   ' } }, 'invalid_request', 'texts'],
      [{ ...UNREADABLE, name: 'Too long', texts: { en: 'x'.repeat(501) } }, 'invalid_request', 'texts'],
      [{ ...UNREADABLE, name: 'No act', uses: [] }, 'invalid_request', 'uses'],
      [{ ...UNREADABLE, name: 'Odd act', uses: ['deposit_approve'] }, 'invalid_request', 'uses'],
      [{ ...UNREADABLE, name: 'x' }, 'invalid_request', 'name'],
      [{ ...UNREADABLE, name: 'No reason', reason: '' }, 'invalid_request', 'reason'],
      [{ ...UNREADABLE, name: 'BAD INPUT BASE' }, 'template_name_taken', 'name'],
    ];
    for (const [body, key, field] of cases) {
      const answer = await op('sam', 'POST', '/admin/reply-templates', body);
      expect({ key: answer.key, field: answer.data?.field }, JSON.stringify(body)).toEqual({ key, field });
      expect(answer.msg).not.toBe('');
    }
    const unknown = await op('sam', 'POST', '/admin/reply-templates/999999', { ...UNREADABLE, name: 'Ghost' });
    expect(unknown.key).toBe('template_not_found');
    expect(unknown.msg).toBe('That template does not exist or was removed: pick another');
    expect((await op('sam', 'POST', '/admin/reply-templates/999999/remove', { reason: 'gone' })).key).toBe(
      'template_not_found',
    );
    // Renaming onto a name in force is refused too, and leaves the template as it was.
    const other = await create({ ...UNREADABLE, name: 'Bad input other' });
    const clash = await op('sam', 'POST', `/admin/reply-templates/${other.id}`, { ...UNREADABLE, name: existing.name });
    expect(clash.key).toBe('template_name_taken');
    expect(
      (await op('sam', 'GET', '/admin/reply-templates')).data.items.find((i: ReplyTemplate) => i.id === other.id).name,
    ).toBe('Bad input other');
    expect(await templateRows()).toBe(rows + 1);
    expect(await auditRows()).toBe(auditBefore + 1);
  });
});

describe('a refusal with a template', () => {
  let template: ReplyTemplate;
  beforeAll(async () => {
    template = await create({ ...UNREADABLE, name: 'Refusals' });
  });

  it("tells a deposit's user the text in their language, in the record and the inbox; the audit keeps the reason", async () => {
    const zh = await submitDepositAs('zh');
    const refused = await op('fay', 'POST', `/admin/deposits/${zh.id}/refuse`, {
      reason: 'blurred photo, asked again',
      template_id: template.id,
    });
    expect(refused.code, refused.key).toBe(200);
    const record = (await call(t.app, 'GET', '/api/user/recharge_record', { token: zh.token })).data.items[0];
    expect(record).toMatchObject({ id: zh.id, reason: UNREADABLE.texts.zh });
    expect(await inboxBody(zh.token, 'deposit_refused')).toContain(UNREADABLE.texts.zh);
    const [entry] = await audits(`deposit:${zh.id}`);
    expect(entry).toMatchObject({
      action: 'deposit.refuse',
      reason: 'blurred photo, asked again',
      details: {
        template: { id: template.id, name: 'Refusals' },
        told_lang: 'zh',
        told: UNREADABLE.texts.zh,
      },
    });

    // A German reader: the template has no German text, so English.
    const de = await submitDepositAs('de');
    await op('fay', 'POST', `/admin/deposits/${de.id}/refuse`, { reason: 'blurred photo', template_id: template.id });
    const deRecord = (await call(t.app, 'GET', '/api/user/recharge_record', { token: de.token })).data.items[0];
    expect(deRecord.reason).toBe(UNREADABLE.texts.en);
    expect((await audits(`deposit:${de.id}`))[0]!.details.told_lang).toBe('en');

    // Without a template the user reads the reason, as before.
    const plain = await submitDepositAs('zh');
    await op('fay', 'POST', `/admin/deposits/${plain.id}/refuse`, { reason: 'amount does not match' });
    const plainRecord = (await call(t.app, 'GET', '/api/user/recharge_record', { token: plain.token })).data.items[0];
    expect(plainRecord.reason).toBe('amount does not match');
  });

  it('is refused, changing nothing, for a removed template, one for another act, or a bad id', async () => {
    const support = await create({ ...UNREADABLE, name: 'Support only', uses: ['support_reply'] });
    const gone = await create({ ...UNREADABLE, name: 'Gone soon' });
    await op('sam', 'POST', `/admin/reply-templates/${gone.id}/remove`, { reason: 'replaced' });
    const d = await submitDepositAs('zh');
    for (const [templateId, key] of [
      [support.id, 'template_not_for_act'],
      [gone.id, 'template_not_found'],
      ['abc', 'invalid_request'],
    ] as const) {
      const answer = await op('fay', 'POST', `/admin/deposits/${d.id}/refuse`, {
        reason: 'blurred photo',
        template_id: templateId,
      });
      expect({ key: answer.key, field: answer.data?.field }).toEqual({ key, field: 'template_id' });
    }
    const record = (await call(t.app, 'GET', '/api/user/recharge_record', { token: d.token })).data.items[0];
    expect(record).toMatchObject({ id: d.id, status: 3, reason: null });
    expect(await audits(`deposit:${d.id}`)).toEqual([]);
    // Bulk: the whole request is refused before any item is decided.
    const bulk = await op('fay', 'POST', '/admin/deposits/bulk/refuse', {
      ids: [d.id],
      reason: 'blurred photo',
      template_id: support.id,
    });
    expect(bulk.key).toBe('template_not_for_act');
    expect(await audits(`deposit:${d.id}`)).toEqual([]);
  });

  it('tells each user of a bulk refusal in their own language', async () => {
    const zh = await submitDepositAs('zh');
    const en = await submitDepositAs('en');
    const bulk = await op('fay', 'POST', '/admin/deposits/bulk/refuse', {
      ids: [zh.id, en.id],
      reason: 'blurred photos',
      template_id: template.id,
    });
    expect(bulk.data.items.map((i: { outcome: string }) => i.outcome)).toEqual(['done', 'done']);
    expect(await inboxBody(zh.token, 'deposit_refused')).toContain(UNREADABLE.texts.zh);
    expect(await inboxBody(en.token, 'deposit_refused')).toContain(UNREADABLE.texts.en);
  });

  it("tells a withdrawal's user in their language", async () => {
    const w = await withdrawalAs('zh', '300');
    const refused = await op('fay', 'POST', `/admin/withdrawals/${w.id}/refuse`, {
      reason: 'card holder does not match',
      template_id: template.id,
    });
    expect(refused.code, refused.key).toBe(200);
    const record = (await call(t.app, 'GET', '/api/user/cash_record', { token: w.token })).data.items[0];
    expect(record).toMatchObject({ id: w.id, reason: UNREADABLE.texts.zh });
    expect(await inboxBody(w.token, 'withdrawal_refused')).toContain(UNREADABLE.texts.zh);
    expect((await audits(`withdrawal:${w.id}`))[0]).toMatchObject({
      action: 'withdrawal.refuse',
      reason: 'card holder does not match',
    });
  });

  it("tells a real-name request's user in their language, one by one and in bulk", async () => {
    const one = await realNameAs('zh');
    const refused = await op('sam', 'POST', `/admin/kyc/${one.id}/refuse`, {
      reason: 'photo of the document is blurred',
      template_id: template.id,
    });
    expect(refused.code, refused.key).toBe(200);
    const seen = await call(t.app, 'GET', '/api/user/certification', { token: one.token });
    expect(seen.data.reason).toBe(UNREADABLE.texts.zh);
    expect(await inboxBody(one.token, 'realname_refused')).toContain(UNREADABLE.texts.zh);
    expect((await audits(`kyc:${one.id}`))[0]).toMatchObject({
      action: 'kyc.refuse',
      reason: 'photo of the document is blurred',
      details: { told_lang: 'zh', template: { id: template.id } },
    });

    const two = await realNameAs('fr');
    const bulk = await op('sam', 'POST', '/admin/kyc/bulk/refuse', {
      ids: [two.id],
      reason: 'blurred',
      template_id: template.id,
    });
    expect(bulk.data.items[0].outcome).toBe('done');
    expect((await call(t.app, 'GET', '/api/user/certification', { token: two.token })).data.reason).toBe(
      UNREADABLE.texts.en,
    );
  });
});

describe('a support answer with a template', () => {
  it('reaches the user in their language; own words still work; neither, or both, is refused', async () => {
    const hello = await create({
      name: 'Support hello',
      uses: ['support_reply'],
      texts: { en: 'Hello, we are looking into it.', jp: 'お問い合わせありがとうございます。確認しています。' },
      reason: 'first answer',
    });
    const u = await registerUser(t.app, t.database, {}, 'jp');
    await call(t.app, 'POST', '/api/user/service', { token: u.token, body: { body: 'Where is my deposit?' } });
    const conv = (await op('sam', 'GET', '/admin/support/conversations?state=open&size=200')).data.items.find(
      (c: { user_id: number }) => c.user_id === u.user.id,
    );
    const url = `/admin/support/conversations/${conv.id}/reply`;

    expect((await op('sam', 'POST', url, {})).key).toBe('please_fill_in');
    const both = await op('sam', 'POST', url, { body: 'hi', template_id: hello.id });
    expect({ key: both.key, field: both.data?.field }).toEqual({ key: 'invalid_request', field: 'template_id' });
    const wrongAct = await create({ ...UNREADABLE, name: 'Not for support' });
    expect((await op('sam', 'POST', url, { template_id: wrongAct.id })).key).toBe('template_not_for_act');

    const sent = await op('sam', 'POST', url, { template_id: hello.id });
    expect(sent.data.body).toBe(hello.texts.jp);
    await op('sam', 'POST', url, { body: 'It was credited at 10:02' });
    const seen = await call(t.app, 'GET', '/api/user/service', { token: u.token });
    expect(seen.data.items.map((m: { from: string; body: string }) => [m.from, m.body])).toEqual([
      ['user', 'Where is my deposit?'],
      ['operator', hello.texts.jp],
      ['operator', 'It was credited at 10:02'],
    ]);
    const replies = (await audits(`user:${u.user.id}`)).filter((a) => a.action === 'support.reply');
    expect(replies[0]!.details).toMatchObject({ template: { id: hello.id }, told_lang: 'jp', told: hello.texts.jp });
  });
});

/** A deposit under review of a new user whose app is in `lang`. */
async function submitDepositAs(lang: string) {
  const sent = await submitDeposit(t, '150');
  await t.database.db.execute(sql`UPDATE users SET lang = ${lang} WHERE id = ${sent.user.user.id}`);
  return { id: sent.id, token: sent.user.token };
}

/** A withdrawal under review of a new user whose app is in `lang`. */
async function withdrawalAs(lang: string, amount: string) {
  const asked = await askWithdrawal(t, amount, lang);
  return { id: asked.id, token: asked.user.token };
}

let serial = 500;
/** A pending real-name request of a new user whose app is in `lang`. */
async function realNameAs(lang: string) {
  const u = await registerUser(t.app, t.database, {}, lang);
  const first17 = `11010119870412${String(serial++).padStart(3, '0')}`;
  const sent = await call(t.app, 'POST', '/api/user/certification', {
    token: u.token,
    body: { real_name: '张三', id_number: first17 + cnIdCheckChar(first17) },
  });
  expect(sent.code, sent.key).toBe(200);
  const [row] = (
    await t.database.db.execute<{ id: string }>(sql`SELECT id FROM kyc_submissions WHERE user_id = ${u.user.id}`)
  ).rows;
  return { id: Number(row!.id), token: u.token };
}
