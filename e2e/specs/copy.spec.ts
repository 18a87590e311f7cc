import type { Page } from '@playwright/test';
import type { Order } from '@app/contracts';
import { api, expect, test, type MarketServer } from '../support/market-server.ts';
import { latestCode, uniquePhone } from '../support/outbox.ts';
import { operatorAuth, type OperatorName } from '../support/operators.ts';
import { open } from '../support/app.ts';
import { registerByApi, useSession } from '../support/session.ts';
import { text, type Lang } from '../support/texts.ts';
import { seriousViolations, settled } from '../support/axe.ts';
import { keepScreenshot } from '../support/screenshots.ts';

/**
 * The Order tab's six tabs, all real: project orders is the invest remote's widget composed at run time
 * through the federation runtime (not imported); the strip fits 360 px in German and Thai and is a keyboard
 * tablist. These run on the shared server of global setup.
 *
 * Copy trading end to end on the market server (feed, settlement and copy jobs on): user A publishes as a
 * leader, user B follows with the terms stated first, A places an order, B sees the copy under Follow-trade
 * with A's own open price and second, and the leader page's record lists the new order. Then the new pages in
 * German and Thai at 360 px under axe, with screenshots at 390 (en, zh) and 360 (de, th).
 */

type Envelope<T> = { code: number; msg: string; key: string; data: T };

const tr = (key: string, lang: Lang = 'en') => text('trade', lang, key);
const shot = (page: Page, name: string) => keepScreenshot(page, `copy-${name}.png`, { fullPage: true });

async function post<T>(base: string, pathName: string, body: Record<string, string>, token?: string) {
  const response = await fetch(`${base}${pathName}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { token } : {}) },
    body: new URLSearchParams(body).toString(),
  });
  return (await response.json()) as Envelope<T>;
}

/** An operator API call on the market server, as one of its operators. */
async function admin<T>(market: MarketServer, operator: OperatorName, pathName: string, body?: object) {
  const response = await fetch(`${market.adminUrl}${pathName}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      ...operatorAuth(market.operators[operator]),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as Envelope<T>;
}

/** A fresh user on the market server (its own SMS outbox), with a session token. */
async function register(market: MarketServer, account: string): Promise<string> {
  const phone = uniquePhone();
  expect((await post(market.url, '/api/login/sendcode', { phone, purpose: 'register' })).code).toBe(200);
  const code = await latestCode(phone, market);
  const reg = await post<{ token: string }>(market.url, '/api/login/reg', {
    account,
    phone,
    password: 'secret123',
    password_confirm: 'secret123',
    code,
    invite_code: 'WELCOME',
    agree: '1',
  });
  expect(reg.code, reg.msg).toBe(200);
  return reg.data.token;
}

/** Funds a user the honest way: a deposit with a proof image, approved by a finance operator. */
async function fund(market: MarketServer, page: Page, token: string, amount: string) {
  const proof = await page.screenshot({ clip: { x: 0, y: 0, width: 40, height: 30 } });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(proof)], { type: 'image/png' }), 'proof.png');
  const uploaded = (await (
    await fetch(`${market.url}/api/user/uploadfile`, { method: 'POST', headers: { token }, body: form })
  ).json()) as Envelope<{ id: string }>;
  expect(uploaded.code, uploaded.msg).toBe(200);
  const channels = await api<{ channels: Array<{ id: number }> }>(market.url, '/api/user/recharge', token);
  const deposit = await post<{ id: number }>(
    market.url,
    '/api/user/dorecharge',
    {
      channel_id: String(channels.channels[0]!.id),
      amount,
      payer_name: 'Payer',
      transfer_note: '',
      upload_id: uploaded.data.id,
      key: `copy-e2e-${Date.now()}`,
    },
    token,
  );
  expect(deposit.code, deposit.msg).toBe(200);
  const approved = await admin(market, 'fay', `/admin/deposits/${deposit.data.id}/approve`, {
    reason: 'bank matched',
  });
  expect(approved.code, approved.msg).toBe(200);
}

/** Opens the app with a session in a language (the first document of this page). */
async function startAs(page: Page, token: string, lang: Lang) {
  await page.addInitScript(
    ([tk, l]) => {
      localStorage.setItem('token', tk!);
      localStorage.setItem('lang', l!);
      localStorage.setItem('trade.mode', 'real');
    },
    [token, lang],
  );
}

const TAB_KEYS = ['project', 'contract', 'holding', 'history', 'mine', 'follow'] as const;

test('the Order tab: six tabs in the spec order; project orders come from the invest remote at run time', async ({
  page,
}) => {
  const user = await registerByApi(`ot${Date.now().toString(36)}`);
  await useSession(page, user.token, 'en');
  await open(page, '/pages/user/order?tab=project');
  const tabs = page.getByRole('tablist', { name: tr('order.tabsLabel') }).getByRole('tab');
  await expect(tabs).toHaveText(TAB_KEYS.map((k) => tr(`order.tabs.${k}`)));
  await expect(page.getByRole('tab', { name: tr('order.tabs.project') })).toHaveAttribute('aria-selected', 'true');
  // The invest remote's own empty state, in its own namespace: the widget really came from invest.
  await expect(page.getByRole('heading', { name: text('invest', 'en', 'orders.empty') })).toBeVisible();
  await shot(page, 'order-project-en');

  // Keyboard: arrows move along the strip.
  await page.getByRole('tab', { name: tr('order.tabs.project') }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: tr('order.tabs.contract') })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: tr('order.tabs.contract') })).toBeFocused();
});

for (const lang of ['de', 'th'] as Lang[]) {
  test(`the Order tab at 360 px in ${lang}: the strip scrolls, nothing overflows the page, axe clean`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const user = await registerByApi(`o${lang}${Date.now().toString(36)}`);
    await useSession(page, user.token, lang);
    for (const key of TAB_KEYS) {
      await open(page, `/pages/user/order?tab=${key}`);
      const tab = page.getByRole('tab', { name: tr(`order.tabs.${key}`, lang) });
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).not.toBeEmpty();
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // The chosen tab is scrolled into view.
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      expect(await seriousViolations(page, ['[data-testid="pnl-curve"] table'])).toEqual([]);
      await shot(page, `order-${key}-${lang}`);
    }
  });
}

let leaderToken = '';
let followerToken = '';
let leaderId = 0;

test.describe.configure({ mode: 'serial' });

test('A leads, B follows with the terms first, A orders: B has the copy at the same price and second, and the record shows it', async ({
  browser,
  market,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  leaderToken = await register(market, `lead${stamp}`);
  followerToken = await register(market, `fol${stamp}`);

  // A publishes as a leader through the page: the statement first, then a confirmation.
  const a = await browser.newPage();
  await startAs(a, leaderToken, 'en');
  await fund(market, a, leaderToken, '200');
  await a.goto(`${market.url}/h5/#/pages/copy/lead`);
  await expect(a.getByTestId('lead-statement')).toHaveText(tr('copy.lead.statement'));
  await a.getByRole('button', { name: tr('copy.lead.publish') }).click();
  await expect(a.getByText(tr('copy.lead.nameError'))).toBeVisible();
  await a.getByLabel(tr('copy.lead.name')).fill(`Lead ${stamp}`);
  await a.getByLabel(tr('copy.lead.description')).fill('Short crypto contracts, every one public.');
  await a.getByLabel(tr('copy.lead.agree')).check();
  await shot(a, 'lead-en');
  await a.getByRole('button', { name: tr('copy.lead.publish') }).click();
  const confirm = a.getByRole('dialog', { name: tr('copy.lead.confirmTitle') });
  await confirm.getByRole('button', { name: tr('copy.lead.publish') }).click();
  await expect(a.getByRole('dialog', { name: tr('copy.lead.doneTitle') })).toBeVisible();
  await a.getByRole('button', { name: tr('copy.follow.ok') }).click();
  await expect(a.getByTestId('leading-now')).toBeVisible();
  const mine = await api<{ leader: { leader_id: number } }>(market.url, '/api/user/copy_lead', leaderToken);
  leaderId = mine.leader.leader_id;

  // B finds A in the leaders list (not ranked yet, with the sample) and follows: the terms come before.
  const b = await browser.newPage();
  await startAs(b, followerToken, 'en');
  await fund(market, b, followerToken, '100');
  await b.goto(`${market.url}/h5/#/pages/copy/leaders`);
  const card = b.getByTestId(`leader-${leaderId}`);
  await expect(card).toContainText(tr('copy.notRanked'));
  await shot(b, 'leaders-en');
  await card.click();
  await expect(b.getByTestId('every-order')).toHaveText(tr('copy.everyOrder'));
  await b.getByTestId('follow-open').click();
  const sheet = b.getByTestId('follow-sheet');
  await sheet.getByLabel(tr('copy.form.amount')).fill('10');
  await sheet.getByLabel(tr('copy.form.maxAmount')).fill('5');
  await sheet.getByRole('button', { name: tr('copy.follow.next') }).click();
  await expect(sheet.getByText(tr('copy.form.errors.capBelowStake'))).toBeVisible();
  await sheet.getByLabel(tr('copy.form.maxAmount')).fill('50');
  await sheet.getByLabel(tr('copy.form.dailyLoss')).fill('40');
  await sheet.getByRole('button', { name: tr('copy.follow.next') }).click();
  const terms = sheet.getByTestId('follow-terms');
  await expect(terms).toContainText(tr('copy.terms.openNotCopied'));
  await expect(terms).toContainText(tr('copy.terms.noLeaderFee'));
  // 10.00 U stake and its 0.50 % fee, 10.05 U in all: the order sheet's own arithmetic.
  await expect(terms.getByTestId('copy-cost')).toContainText('10.05');
  await shot(b, 'follow-terms-en');
  await sheet.getByTestId('follow-confirm').click();
  await expect(
    b.getByRole('dialog', { name: tr('copy.follow.done').replace('{{name}}', `Lead ${stamp}`) }),
  ).toBeVisible();
  await shot(b, 'follow-done-en');
  await b.getByRole('button', { name: tr('copy.follow.ok') }).click();

  // A places a real order.
  const placed = await post<Order>(
    market.url,
    '/api/user/addorder',
    { symbol: 'BTC/USDT', seconds: '30', amount: '10', direction: 'up', key: `lead-${stamp}` },
    leaderToken,
  );
  expect(placed.code, placed.msg).toBe(200);
  const leaderOrder = placed.data;

  // B's follow-trade tab: the copy, with the leader's own open price and second.
  await b.goto(`${market.url}/h5/#/pages/user/order?tab=follow`);
  const copies = b.getByTestId('copy-orders');
  await expect(async () => {
    await b.reload();
    await expect(copies.locator('[data-testid^="copy-"]').first()).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 60_000 });
  const copyRow = copies.locator('[data-testid^="copy-"]').first();
  await expect(copyRow).toContainText(`Lead ${stamp}`);
  const list = await api<{ items: Array<{ status: string; order: Order | null; leader_order: { id: number } }> }>(
    market.url,
    '/api/user/copy_orders',
    followerToken,
  );
  const copy = list.items.find((c) => c.leader_order.id === leaderOrder.id)!;
  expect(copy.status).toBe('copied');
  expect(copy.order!.open_price).toBe(leaderOrder.open_price);
  expect(copy.order!.open_time).toBe(leaderOrder.open_time);
  const shownPrice = await copyRow.getByTestId('open-price').innerText();
  expect(shownPrice.replace(/,/g, '')).toBe(leaderOrder.open_price);
  await shot(b, 'order-follow-en');

  // The leader page's record lists the new order with the same prices.
  await b.goto(`${market.url}/h5/#/pages/copy/leader?id=${leaderId}`);
  const recorded = b.getByTestId(`record-order-${leaderOrder.id}`);
  await expect(recorded).toBeVisible();
  expect((await recorded.getByTestId('open-price').innerText()).replace(/,/g, '')).toBe(leaderOrder.open_price);
  await expect(b.getByTestId('chain-head')).toContainText(/[0-9a-f]{64}/);
  await shot(b, 'leader-en');

  // My subscriptions: pause, resume, stop (asked first).
  await b.goto(`${market.url}/h5/#/pages/copy/following`);
  const sub = b.locator('[data-testid^="subscription-"]').first();
  await sub.getByRole('button', { name: tr('copy.sub.pause') }).click();
  await expect(sub).toContainText(tr('copy.sub.status.paused'));
  await sub.getByRole('button', { name: tr('copy.sub.resume') }).click();
  await expect(sub).toContainText(tr('copy.sub.status.active'));
  await shot(b, 'following-en');

  // My orders: everything I did, newest first; the copy opens its order.
  await b.goto(`${market.url}/h5/#/pages/user/order?tab=mine`);
  await expect(b.getByTestId('my-orders')).toBeVisible();
  await shot(b, 'order-mine-en');
  await a.close();
  await b.close();
});

const PAGES = [
  ['leaders', () => '/pages/copy/leaders'],
  ['leader', () => `/pages/copy/leader?id=${leaderId}`],
  ['following', () => '/pages/copy/following'],
  ['lead', () => '/pages/copy/lead'],
  ['order-follow', () => '/pages/user/order?tab=follow'],
  ['order-mine', () => '/pages/user/order?tab=mine'],
] as const;

for (const [lang, width] of [
  ['de', 360],
  ['th', 360],
  ['zh', 390],
] as Array<[Lang, number]>) {
  test(`the copy pages in ${lang} at ${width} px: nothing overflows${width === 360 ? ', axe clean' : ''}`, async ({
    page,
    market,
  }) => {
    test.setTimeout(180_000);
    expect(followerToken, 'runs after the journey').not.toBe('');
    await page.setViewportSize({ width, height: 844 });
    await startAs(page, followerToken, lang);
    for (const [name, route] of PAGES) {
      await page.goto(`${market.url}/h5/#${route()}`);
      await expect(page.locator('main h1, h1').first()).toBeVisible();
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(width);
      if (width === 360) expect(await seriousViolations(page, ['[data-testid="pnl-curve"] table']), name).toEqual([]);
      await shot(page, `${name}-${lang}`);
    }
    // The follow sheet's terms, stated in this language.
    await page.goto(`${market.url}/h5/#/pages/copy/leader?id=${leaderId}`);
    await page.getByTestId('follow-open').click();
    await page
      .getByTestId('follow-sheet')
      .getByRole('button', { name: tr('copy.follow.next', lang) })
      .click();
    await expect(page.getByTestId('follow-terms')).toContainText(tr('copy.terms.noLeaderFee', lang));
    if (width === 360)
      expect(await seriousViolations(page, ['[data-testid="pnl-curve"] table']), 'follow terms').toEqual([]);
    await shot(page, `follow-terms-${lang}`);
  });
}
