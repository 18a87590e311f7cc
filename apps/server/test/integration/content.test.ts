import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  operatorHeaders,
  registerUser,
  type TestApp,
  type TestOperator,
} from '../helpers/test-app.ts';
import { seedContent } from '../../src/modules/content/content.seed.ts';
import { postInboxMessage } from '../../src/modules/inbox/inbox.service.ts';
import { INBOX_KINDS, translateInbox } from '@app/i18n/catalogue';
import { LANGUAGES } from '@app/contracts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedContent(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const op = (as: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.admin
    .inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: operatorHeaders(as),
    })
    .then((r) => r.json());

describe('content', () => {
  it('serves the seeded home, banners, notices, news, activities in the reader language', async () => {
    const home = await call(t.app, 'GET', '/api/index/home', { lang: 'de' });
    expect(home.code).toBe(200);
    expect(home.data.banners.length).toBe(3);
    expect(home.data.notices[0].title).toBe('Auszahlungszeiten');
    expect(home.data.notices[0].pinned).toBe(true);
    const news = await call(t.app, 'GET', '/api/index/about_list?page=1&size=1', { lang: 'th' });
    expect(news.data.total).toBe(2);
    expect(news.data.items).toHaveLength(1);
    const detail = await call(t.app, 'GET', `/api/index/about_details?id=${news.data.items[0].id}`, { lang: 'th' });
    expect(detail.data.lang).toBe('th');
    expect(detail.data.body).toMatch(/<(h2|ol)>/);
    const notices = await call(t.app, 'GET', '/api/index/notice');
    const one = await call(t.app, 'GET', `/api/index/notice?id=${notices.data.items[1].id}`);
    expect(one.data.body.length).toBeGreaterThan(10);
    const acts = await call(t.app, 'GET', '/api/index/activity_list?type=recharge');
    expect(acts.data.items).toHaveLength(1);
    const act = await call(t.app, 'GET', `/api/index/activity_details?id=${acts.data.items[0].id}`, { lang: 'zh' });
    expect(act.data.title).toBe('充值赠送渠道');
    const banner = await call(t.app, 'GET', '/api/index/banner');
    expect(banner.data.items[0].link).toBe('#/pages/project/project');
    const info = await call(t.app, 'GET', '/api/index/info');
    expect(info.data.languages).toHaveLength(10);
    const ater = await call(t.app, 'GET', '/api/index/ater');
    expect(ater.data.withdraw_window).toMatchObject({ from: '09:00', to: '21:00' });
    expect(ater.data.checkin_reward).toBe('1.00');
    const missing = await call(t.app, 'GET', '/api/index/about_details?id=999999');
    expect(missing.key).toBe('no_data');
  });

  it('sanitises bodies, falls back to English, schedules and withdraws, audited', async () => {
    const created = await op('cole', 'POST', '/admin/content', {
      reason: 'test article',
      kind: 'news',
      slug: 'test-xss',
      translations: {
        en: {
          title: '<b>Hello</b>',
          summary: 'Sum',
          body: '<p onclick="steal()">Safe<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://evil.example/x.png" onerror="y()"><img src="/api/index/image?id=abcdefghijklmnop"></p>',
        },
        fr: { title: 'Bonjour', body: '<p>Texte</p>' },
      },
    });
    expect(created.code, JSON.stringify(created)).toBe(200);
    const id = created.data.id as number;
    // A draft is not shown.
    expect((await call(t.app, 'GET', `/api/index/about_details?id=${id}`)).key).toBe('no_data');
    const future = Math.floor(Date.now() / 1000) + 3600;
    expect((await op('cole', 'POST', `/admin/content/${id}/publish`, { reason: 'schedule it', at: future })).code).toBe(
      200,
    );
    expect((await call(t.app, 'GET', `/api/index/about_details?id=${id}`)).key).toBe('no_data');
    expect((await op('cole', 'POST', `/admin/content/${id}/publish`, { reason: 'now please' })).code).toBe(200);
    const en = await call(t.app, 'GET', `/api/index/about_details?id=${id}`, { lang: 'jp' });
    expect(en.data.lang).toBe('en');
    expect(en.data.title).toBe('Hello');
    expect(en.data.body).not.toMatch(/script|onclick|onerror|javascript:|evil/);
    expect(en.data.body).toContain('<img src="/api/index/image?id=abcdefghijklmnop" />');
    const fr = await call(t.app, 'GET', `/api/index/about_details?id=${id}`, { lang: 'fr' });
    expect(fr.data.title).toBe('Bonjour');
    expect((await op('cole', 'POST', `/admin/content/${id}/withdraw`, { reason: 'take it down' })).code).toBe(200);
    expect((await call(t.app, 'GET', `/api/index/about_details?id=${id}`)).key).toBe('no_data');
    const auditLog = await op('alice', 'GET', '/admin/audit?size=10');
    const actions = auditLog.data.items.map((a: { action: string }) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['content.create', 'content.publish', 'content.withdraw']));
    // Without English it cannot be created.
    const noEn = await op('cole', 'POST', '/admin/content', {
      reason: 'no english',
      kind: 'notice',
      slug: 'no-en',
      translations: { de: { title: 'Nur Deutsch' } },
    });
    expect(noEn.code).not.toBe(200);
  });
});

describe('inbox', () => {
  it('has every kind in every language', () => {
    for (const kind of INBOX_KINDS)
      for (const lang of LANGUAGES) expect(translateInbox(lang, kind, {})?.title, `${kind} ${lang}`).toBeTruthy();
  });

  it('is readable only by its owner, counts unread, marks read and all read', async () => {
    const a = await registerUser(t.app, t.database);
    const b = await registerUser(t.app, t.database);
    await t.database.db.transaction(async (tx) => {
      await postInboxMessage(tx, {
        userId: a.user.id,
        kind: 'withdrawal_refused',
        params: { amount: '100.00', reason: 'name mismatch' },
        reference: 'test:1',
      });
      // The same event twice writes one message.
      await postInboxMessage(tx, {
        userId: a.user.id,
        kind: 'withdrawal_refused',
        params: { amount: '100.00', reason: 'name mismatch' },
        reference: 'test:1',
      });
    });
    const sent = await op('sam', 'POST', '/admin/messages', {
      reason: 'announce',
      user_id: a.user.id,
      title: 'Hi',
      body: 'Yo',
    });
    expect(sent.data.recipients).toBe(1);
    const list = await call(t.app, 'GET', '/api/user/msg', { token: a.token, lang: 'de' });
    expect(list.data.total).toBe(2);
    expect(list.data.unread).toBe(2);
    const refused = list.data.items.find((m: { kind: string }) => m.kind === 'withdrawal_refused');
    expect(refused.body).toContain('name mismatch');
    expect(refused.title).toBe('Auszahlung abgelehnt');
    expect((await call(t.app, 'GET', '/api/user/msg', { token: b.token })).data.total).toBe(0);
    const other = await call(t.app, 'POST', '/api/user/msg_read', { token: b.token, body: { id: String(refused.id) } });
    expect(other.key).toBe('no_data');
    expect((await call(t.app, 'GET', '/api/user/msg')).status).toBe(401);
    const read = await call(t.app, 'POST', '/api/user/msg_read', { token: a.token, body: { id: String(refused.id) } });
    expect(read.data.read).toBe(true);
    expect((await call(t.app, 'GET', '/api/user/badges', { token: a.token })).data.messages).toBe(1);
    await call(t.app, 'POST', '/api/user/msg_read_all', { token: a.token });
    expect((await call(t.app, 'GET', '/api/user/msg_unread', { token: a.token })).data.unread).toBe(0);
    const all = await op('sam', 'POST', '/admin/messages', {
      reason: 'announce all',
      all: true,
      title: 'All',
      body: 'Everyone',
    });
    expect(all.data.recipients).toBeGreaterThanOrEqual(2);
    expect((await call(t.app, 'GET', '/api/user/msg_unread', { token: b.token })).data.unread).toBe(1);
  });
});

describe('check-in', () => {
  it('pays once per platform day under concurrency, through the ledger, with a streak', async () => {
    const u = await registerUser(t.app, t.database);
    const before = (await call(t.app, 'GET', '/api/user/index', { token: u.token })).data.balances.available;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(t.app, 'POST', '/api/user/checkin', { token: u.token, body: {} })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.key === 'once_a_day')).toHaveLength(4);
    const after = (await call(t.app, 'GET', '/api/user/index', { token: u.token })).data.balances.available;
    expect(Number(after) - Number(before)).toBeCloseTo(1);
    const status = await call(t.app, 'GET', '/api/user/checkin', { token: u.token });
    expect(status.data).toMatchObject({ checked_today: true, streak: 1, reward: '1.00' });
    expect(status.data.week).toHaveLength(7);
    const msgs = await call(t.app, 'GET', '/api/user/msg', { token: u.token });
    expect(msgs.data.items.map((m: { kind: string }) => m.kind)).toContain('checkin_reward');
  });
});

describe('customer service', () => {
  it('user writes, operator answers, badge until read', async () => {
    const u = await registerUser(t.app, t.database);
    const sent = await call(t.app, 'POST', '/api/user/service', {
      token: u.token,
      body: { body: 'I forgot my fund password', topic: 'password' },
    });
    expect(sent.key).toBe('support_sent');
    const tooLong = await call(t.app, 'POST', '/api/user/service', {
      token: u.token,
      body: { body: 'x'.repeat(1001) },
    });
    expect(tooLong.key).toBe('support_message_too_long');
    const queue = await op('sam', 'GET', '/admin/support/conversations');
    const mine = queue.data.items.find((c: { user_id: number }) => c.user_id === u.user.id);
    expect(mine.awaiting_answer).toBe(true);
    expect(
      (await op('sam', 'POST', `/admin/support/conversations/${mine.id}/reply`, { body: 'Reset it under Security' }))
        .code,
    ).toBe(200);
    const conv = await call(t.app, 'GET', '/api/user/service', { token: u.token });
    expect(conv.data.items.map((m: { from: string }) => m.from)).toEqual(['user', 'operator']);
    expect(conv.data.unread).toBe(1);
    expect((await call(t.app, 'GET', '/api/user/badges', { token: u.token })).data.support).toBe(1);
    await call(t.app, 'POST', '/api/user/service_read', { token: u.token });
    expect((await call(t.app, 'GET', '/api/user/badges', { token: u.token })).data.support).toBe(0);
  });
});

describe('brand settings (issue #29, defect 15)', () => {
  it('an operator with settings.edit names the platform, with a reason, audited; the app reads it', async () => {
    expect((await call(t.app, 'GET', '/api/index/ater')).data.brand_name).toBeNull();
    expect((await op('alice', 'GET', '/admin/brand-settings')).data).toEqual({ brand_name: null });
    // No reason, no change; nor from an operator without the permission.
    expect((await op('alice', 'POST', '/admin/brand-settings', { brand_name: 'Acme Trade' })).code).not.toBe(200);
    expect(
      (await op('fay', 'POST', '/admin/brand-settings', { brand_name: 'Acme Trade', reason: 'rebrand' })).code,
    ).not.toBe(200);
    expect(
      (await op('alice', 'POST', '/admin/brand-settings', { brand_name: 'x'.repeat(41), reason: 'too long' })).code,
    ).not.toBe(200);
    expect((await call(t.app, 'GET', '/api/index/ater')).data.brand_name).toBeNull();

    const saved = await op('alice', 'POST', '/admin/brand-settings', { brand_name: ' Acme Trade ', reason: 'rebrand' });
    expect(saved).toMatchObject({ code: 200, data: { brand_name: 'Acme Trade' } });
    expect((await call(t.app, 'GET', '/api/index/ater')).data.brand_name).toBe('Acme Trade');
    const entry = (await op('alice', 'GET', '/admin/audit?limit=5')).data.items.find(
      (a: { action: string }) => a.action === 'brand.settings',
    );
    expect(entry).toMatchObject({
      reason: 'rebrand',
      details: { before: { brand_name: null }, after: { brand_name: 'Acme Trade' } },
    });

    // "" goes back to the app's own name.
    await op('alice', 'POST', '/admin/brand-settings', { brand_name: '', reason: 'back to the default' });
    expect((await call(t.app, 'GET', '/api/index/ater')).data.brand_name).toBeNull();
  });

  it('invents no support contact: the seeded settings name no address', async () => {
    const ater = await call(t.app, 'GET', '/api/index/ater');
    expect(JSON.stringify(ater.data)).not.toContain('example.com');
  });
});
