import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  call,
  createTestApp,
  operatorHeaders,
  registerUser,
  type TestApp,
  type TestOperator,
} from '../helpers/test-app.ts';
import { changeControl, createPlanApproved } from '../helpers/held-change.ts';

/**
 * What the console's editors rely on: who may edit, the phone preview's cleaning, plans and operator messages in
 * the reader's language with English where one is missing, and an audit row with the reason for every save.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let n = 0;
const op = async (as: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) =>
  (await t.admin.inject({ method, url, headers: operatorHeaders(as), ...(payload ? { payload } : {}) })).json();
const audits = async (target: string) =>
  (
    await t.database.db.execute<{ operator: string; action: string; reason: string; details: any }>(
      sql`SELECT operator, action, reason, details FROM audit_log WHERE target = ${target} ORDER BY id`,
    )
  ).rows;

describe('content', () => {
  it('is refused to support operators and finance; a content editor writes, previews and publishes with a reason', async () => {
    const notice = {
      reason: 'maintenance notice',
      kind: 'notice',
      slug: `console-notice-${++n}`,
      translations: { en: { title: 'Maintenance tonight', body: '<p>From 02:00.</p>' } },
    };
    for (const who of ['sam', 'fay'] as const) {
      expect((await op(who, 'POST', '/admin/content', notice)).key).toBe('permission_denied');
      expect((await op(who, 'GET', '/admin/content')).key).toBe('permission_denied');
      expect((await op(who, 'POST', '/admin/content/preview', { body: '<p>x</p>' })).key).toBe('permission_denied');
    }
    const created = await op('cole', 'POST', '/admin/content', notice);
    expect(created.code, JSON.stringify(created)).toBe(200);
    const id = created.data.id;
    expect((await op('sam', 'POST', `/admin/content/${id}`, { reason: 'edit', pinned: true })).key).toBe(
      'permission_denied',
    );
    expect((await op('sam', 'POST', `/admin/content/${id}/publish`, { reason: 'go' })).key).toBe('permission_denied');

    // The preview cleans exactly as a save does, and saves nothing.
    const dirty = '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">a</a> <b>b</b></p>';
    const preview = await op('cole', 'POST', '/admin/content/preview', { title: '<i>T</i>', body: dirty });
    expect(preview.data).toEqual({ title: 'T', summary: '', body: '<p>Hi <a>a</a> <b>b</b></p>' });
    const edited = await op('cole', 'POST', `/admin/content/${id}`, {
      reason: 'add Chinese',
      translations: { zh: { title: '今晚维护', body: dirty } },
    });
    expect(edited.data.translations.zh.body).toBe(preview.data.body);

    expect((await op('cole', 'POST', `/admin/content/${id}/publish`, { reason: 'ready' })).data.state).toBe(
      'published',
    );
    const zh = await call(t.app, 'GET', `/api/index/notice?id=${id}`, { lang: 'zh' });
    expect(zh.data).toMatchObject({ title: '今晚维护', lang: 'zh' });
    const de = await call(t.app, 'GET', `/api/index/notice?id=${id}`, { lang: 'de' });
    expect(de.data).toMatchObject({ title: 'Maintenance tonight', lang: 'en' });

    const trail = await audits(`content:${id}`);
    expect(trail.map((a) => [a.operator, a.action, a.reason])).toEqual([
      ['cole', 'content.create', 'maintenance notice'],
      ['cole', 'content.edit', 'add Chinese'],
      ['cole', 'content.publish', 'ready'],
    ]);
    expect(trail[1]!.details.before.languages).toEqual(['en']);
    expect(trail[1]!.details.after.languages).toEqual(['en', 'zh']);
  });
});

describe('plans in ten languages', () => {
  it('stores each language, serves the reader’s with English where missing, and audits the texts', async () => {
    const now = Math.floor(Date.now() / 1000);
    const body = {
      reason: 'winter offer',
      slug: `console-plan-${++n}`,
      title: 'Winter 30-day plan',
      description: 'Fixed rate, paid daily.',
      start_time: now - 3600,
      end_time: now + 30 * 86_400,
      min_amount: '10',
      start_amount: '100',
      rate_pct: '5.5',
      total: '50000',
      period_days: 30,
      share_type: 'daily',
      translations: {
        zh: { title: '冬季30天计划', description: '固定利率，每日发放。' },
        fr: { title: 'Plan hiver 30 jours' },
      },
    };
    expect((await op('sam', 'POST', '/admin/plans', body)).key).toBe('permission_denied');
    const created = await createPlanApproved(t.admin, body);
    expect(created.code, JSON.stringify(created)).toBe(200);
    expect(created.data.translations).toEqual({
      zh: { title: '冬季30天计划', description: '固定利率，每日发放。' },
      fr: { title: 'Plan hiver 30 jours', description: '' },
    });
    const id = created.data.id;
    const read = async (lang: string) =>
      (await call(t.app, 'GET', '/api/user/yeb_project?filter=all&page=1&size=50', { lang })).data.items.find(
        (p: { id: number }) => p.id === id,
      );
    expect(await read('zh')).toMatchObject({ title: '冬季30天计划', description: '固定利率，每日发放。' });
    // French has a name but no description: the English description stands in.
    expect(await read('fr')).toMatchObject({ title: 'Plan hiver 30 jours', description: 'Fixed rate, paid daily.' });
    expect(await read('de')).toMatchObject({ title: 'Winter 30-day plan', description: 'Fixed rate, paid daily.' });

    // The plan's page reads in the user's language.
    const u = await registerUser(t.app, t.database);
    const detail = await call(t.app, 'GET', `/api/user/yeb?id=${id}`, { token: u.token, lang: 'zh' });
    expect(detail.data.plan.title).toBe('冬季30天计划');

    // An edit changes one language, removes another (empty title) and is audited before and after; its new
    // rate waits for a second operator, who applies it.
    const edited = await op('cole', 'POST', `/admin/plans/${id}`, {
      reason: 'fix names',
      rate_pct: '5.75',
      translations: { zh: { title: '冬季计划', description: '' }, fr: { title: '' } },
    });
    expect(edited.key, JSON.stringify(edited)).toBe('change_proposed');
    expect(edited.data.translations).toEqual({ zh: { title: '冬季计划', description: '' } });
    expect(edited.data.terms.rate).toBe('5.50');
    expect(await read('fr')).toMatchObject({ title: 'Winter 30-day plan' });
    expect(await read('zh')).toMatchObject({ title: '冬季计划', description: 'Fixed rate, paid daily.' });
    const pending = await op('alice', 'GET', '/admin/held-changes?status=pending');
    const held = pending.data.items.find((h: { target: string }) => h.target === `plan:${id}`);
    expect(held.fields).toEqual([{ field: 'rate_pct', before: '5.50', after: '5.75' }]);
    expect((await op('alice', 'POST', `/admin/held-changes/${held.id}/approve`, { reason: 'rate agreed' })).code).toBe(
      200,
    );
    const trail = await audits(`plan:${id}`);
    expect(trail.map((a) => [a.operator, a.action, a.reason])).toEqual([
      ['alice', 'plan.create', 'second operator'],
      ['cole', 'held_change.propose', 'fix names'],
      ['cole', 'plan.edit', 'fix names'],
      ['alice', 'plan.edit', 'rate agreed'],
      ['alice', 'held_change.approve', 'rate agreed'],
    ]);
    expect(trail[2]!.details.before.translations.fr.title).toBe('Plan hiver 30 jours');
    expect(trail[3]!.details.after.terms.rate).not.toBe(trail[3]!.details.before.terms.rate);
    expect(trail[3]!.details).toMatchObject({ proposed_by: 'cole' });
  });
});

describe('wallet, channel and invitation settings', () => {
  it('need settings.edit, take money as the console sends it, and are audited with the reason', async () => {
    for (const who of ['sam', 'cole', 'fay'] as const) {
      expect((await op(who, 'GET', '/admin/wallet-settings')).key).toBe('permission_denied');
      expect((await op(who, 'POST', '/admin/wallet-settings', { reason: 'x', hold_hours: 1 })).key).toBe(
        'permission_denied',
      );
      expect((await op(who, 'GET', '/admin/recharge-channels')).key).toBe('permission_denied');
      expect(
        (await op(who, 'POST', '/admin/invite-settings', { reason: 'x', bonus_amount: '1', condition: 'real_name' }))
          .key,
      ).toBe('permission_denied');
    }
    const before = (await op('alice', 'GET', '/admin/wallet-settings')).data;
    // What the console sends: only the changed fields, amounts as decimal text in U.
    // A fee changed is held for a second operator, who applies it.
    const saved = await changeControl(t.admin, '/admin/wallet-settings', {
      reason: 'policy review',
      four_eyes_above: '5000.5',
      withdraw_fee_pct: '1.25',
    });
    expect(saved.data.fields).toEqual([
      { field: 'withdraw_fee_pct', before: before.withdraw_fee_pct, after: '1.25' },
      { field: 'four_eyes_above', before: before.four_eyes_above, after: '5000.50' },
    ]);
    const now = (await op('alice', 'GET', '/admin/wallet-settings')).data;
    expect(now).toMatchObject({ four_eyes_above: '5000.50', withdraw_fee_pct: '1.25' });
    expect(now.withdraw_min).toBe(before.withdraw_min);
    const trail = await audits('wallet:settings');
    expect(trail.at(-3)).toMatchObject({ operator: 'alice', action: 'held_change.propose', reason: 'policy review' });
    expect(trail.at(-2)).toMatchObject({
      operator: 'bob',
      action: 'wallet.settings',
      details: { proposed_by: 'alice' },
    });
    // Refused input changes nothing.
    expect(
      (await op('alice', 'POST', '/admin/wallet-settings', { reason: 'bad', four_eyes_above: '1.234' })).code,
    ).not.toBe(200);
    expect((await op('alice', 'GET', '/admin/wallet-settings')).data.four_eyes_above).toBe('5000.50');
    await changeControl(t.admin, '/admin/wallet-settings', {
      reason: 'restore',
      four_eyes_above: before.four_eyes_above,
      withdraw_fee_pct: before.withdraw_fee_pct,
    });
  });
});

describe('the seeded plans', () => {
  it('come named in the reader’s language, English for English readers', async () => {
    const seeded = async (lang: string) =>
      (await call(t.app, 'GET', '/api/user/yeb_project?filter=all&page=1&size=50', { lang })).data.items.find(
        (p: { title: string; id: number }) => p.id === 1,
      );
    expect((await seeded('en')).title).toBe('Starter 7-day plan');
    expect((await seeded('jp')).title).toBe('7日間お試しプラン');
    expect((await seeded('zh')).description).toContain('7天后本金返还');
    const listed = await op('cole', 'GET', '/admin/plans');
    const flex = listed.data.items.find((p: { slug: string }) => p.slug === 'flex-7');
    expect(Object.keys(flex.translations).sort()).toEqual(['de', 'es', 'fr', 'hk', 'jp', 'kor', 'th', 'vi', 'zh']);
  });
});

describe('operator messages in the reader’s language', () => {
  it('shows each user the language they read, English where the message has none', async () => {
    const zhUser = await registerUser(t.app, t.database);
    const deUser = await registerUser(t.app, t.database);
    for (const u of [zhUser, deUser]) {
      const sent = await op('sam', 'POST', '/admin/messages', {
        reason: 'holiday hours',
        user_id: u.user.id,
        title: 'Holiday hours',
        body: 'Withdrawals pause on 1 January.',
        translations: { zh: { title: '假期安排', body: '1月1日暂停提现。' } },
      });
      expect(sent.code, JSON.stringify(sent)).toBe(200);
    }
    const inbox = async (token: string, lang: string) =>
      (await call(t.app, 'GET', '/api/user/msg?page=1&size=10', { token, lang })).data.items[0];
    expect(await inbox(zhUser.token, 'zh')).toMatchObject({ title: '假期安排', body: '1月1日暂停提现。' });
    expect(await inbox(deUser.token, 'de')).toMatchObject({
      title: 'Holiday hours',
      body: 'Withdrawals pause on 1 January.',
    });
  });
});
