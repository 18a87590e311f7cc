import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { open } from '../support/app.ts';
import { operatorAuth, sharedOperators } from '../support/operators.ts';
import { repoRoot } from '../support/paths.ts';
import { registerByApi, useSession } from '../support/session.ts';
import { text, type Lang } from '../support/texts.ts';
import { seriousViolations, settled } from '../support/axe.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { scrollToWidget } from '../support/home-widgets.ts';

/**
 * Content end to end on the shared server: Home shows the seeded notices and popular projects from a fresh
 * start; a message an operator sends appears with an unread badge on Mine that clears once it is read;
 * notices and news open their details; the daily check-in pays once; a support message is answered through
 * `pnpm ops support` and the answer shows in the conversation with a badge that clears; the new pages pass
 * axe in German and Thai at 360 px and are photographed for a human to look at.
 */
const run = promisify(execFile);
const a = (key: string, lang: Lang = 'en') => text('account', lang, key);
const e = (key: string, lang: Lang = 'en') => text('errors', lang, key);

async function ops(...args: string[]): Promise<string> {
  const { stdout } = await run('pnpm', ['--silent', '--filter', '@app/server', 'ops', ...args], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ADMIN_URL: process.env.E2E_ADMIN_URL,
      // Customer service is support's: the CLI acts with sam's own API token.
      OPS_TOKEN: sharedOperators().sam,
    },
  });
  return stdout;
}

async function api<T>(url: string, token?: string): Promise<T> {
  const response = await fetch(`${process.env.E2E_API_URL}${url}`, { headers: token ? { token } : {} });
  const body = (await response.json()) as { code: number; key: string; data: T };
  if (body.code !== 200) throw new Error(`${url}: ${body.key}`);
  return body.data;
}

/** Available balance in cents, from the server (not from the screen under test). */
async function availableCents(token: string): Promise<number> {
  const user = await api<{ balances: { available: string } }>('/api/user/index', token);
  return Math.round(Number(user.balances.available) * 100);
}
const admin = (path: string, body: object) =>
  fetch(`${process.env.E2E_ADMIN_URL}${path}`, {
    method: 'POST',
    // Messages to users are support's (sam).
    headers: { ...operatorAuth(sharedOperators().sam), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<{ code: number; data: unknown }>);

/** The id of the account's support conversation, as `pnpm ops support list` shows it (operators answer by it). */
async function conversationOf(account: string): Promise<string> {
  const row = (await ops('support', 'list')).split('\n').find((line) => line.includes(`'${account}'`));
  // console.table's row: │ (index) │ id │ state │ ...
  const id = row?.split('│').map((cell) => cell.trim())[2];
  if (!id || !/^\d+$/.test(id)) throw new Error(`no support conversation listed for ${account}`);
  return id;
}

async function userId(token: string): Promise<number> {
  const response = await fetch(`${process.env.E2E_API_URL}/api/user/index`, { headers: { token } });
  return ((await response.json()) as { data: { id: number } }).data.id;
}

test('Home shows notices and popular projects from a fresh start', async ({ page }) => {
  await open(page, '/');
  const notices = page.getByTestId('home-notices');
  await expect(notices).toContainText('Withdrawal hours');
  // Popular projects sit below the fold: the widget loads as it comes near the screen.
  await scrollToWidget(
    page,
    'invest/popular-projects',
    page.getByTestId('popular-projects').getByTestId('plan-card').first(),
  );
  // The marquee runs through the notices; each notice, there and in the list, opens its detail.
  await expect(notices.getByTestId('notice-ticker').getByRole('link')).toHaveAttribute('href', /notice\?id=\d+$/);
  await expect(notices.getByRole('listitem').first().getByRole('link')).toHaveAttribute('href', /notice\?id=\d+$/);
  await expect(notices.getByRole('link', { name: text('account', 'en', 'notices.all') })).toBeVisible();
});

test('an operator message shows an unread badge on Mine that clears when read', async ({ page }) => {
  const user = await registerByApi(`msg${Date.now() % 1_000_000}`);
  const id = await userId(user.token);
  const sent = await admin('/admin/messages', {
    reason: 'e2e message',
    user_id: id,
    title: 'Hello from e2e',
    body: 'Read me',
  });
  expect(sent.code).toBe(200);
  await useSession(page, user.token, 'en');
  await open(page, '/pages/user/user');
  await expect(page.getByTestId('messages-badge')).toHaveText('1');
  await page.getByRole('link', { name: text('account', 'en', 'mine.menu.messages') }).click();
  await page.getByText('Hello from e2e').click();
  await expect(page.getByText('Read me')).toBeVisible();
  // Opening it sends the read; the list shows it read once the server has it. A full load before that would abort
  // the request (seen in CI: the badge stayed at 1).
  await expect(page.locator('details[data-read="true"]', { hasText: 'Hello from e2e' })).toBeVisible();
  await open(page, '/pages/user/user');
  await expect(page.getByTestId('messages-badge')).toHaveCount(0);
});

test('notices and news: the lists open a detail with its date and body', async ({ page }) => {
  await useSession(page, process.env.E2E_TOKEN!, 'en');
  await open(page, '/pages/user/user');
  await page.getByRole('link', { name: a('mine.menu.notice') }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/notice$/);
  await page
    .getByTestId('notice-list')
    .getByRole('link', { name: /Withdrawal hours/ })
    .click();
  await expect(page).toHaveURL(/#\/pages\/user\/notice\?id=\d+$/);
  const notice = page.getByTestId('article');
  await expect(notice.getByRole('heading', { name: 'Withdrawal hours' })).toBeVisible();
  await expect(notice).toContainText('reviewed in that order');
  await expect(notice.locator('time')).toContainText(/Published \w+/);

  await open(page, '/pages/news/news');
  await page
    .getByTestId('news-list')
    .getByRole('link', { name: /How Yuebao interest is calculated/ })
    .click();
  await expect(page).toHaveURL(/#\/pages\/news\/details\?id=\d+$/);
  const article = page.getByTestId('article');
  await expect(article.getByRole('heading', { name: 'Daily credits' })).toBeVisible();
  await expect(article.locator('script, [onclick], [onerror]')).toHaveCount(0);

  // A missing id says so and leads back to the list.
  await open(page, '/pages/news/details?id=999999');
  await expect(page.getByText(a('articles.notFound'))).toBeVisible();
  await page.getByRole('link', { name: a('articles.allNews') }).click();
  await expect(page).toHaveURL(/#\/pages\/news\/news$/);
});

test('daily check-in: two tabs claim at once, one is paid and the other refused with the message', async ({
  browser,
}) => {
  const user = await registerByApi(`chk${Date.now() % 1_000_000}`);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const [first, second] = [await context.newPage(), await context.newPage()];
  for (const page of [first, second]) {
    await useSession(page, user.token, 'en');
    await open(page, '/pages/user/activityCenter');
    await expect(page.getByTestId('checkin-state')).toHaveText(a('checkin.openToday'));
  }
  const before = await availableCents(user.token);
  const rewardText = (await first.getByTestId('checkin-reward').innerText()).replace(/[^\d.]/g, '');
  const reward = Math.round(Number(rewardText) * 100);
  expect(reward).toBeGreaterThan(0);

  // Both tabs claim at once (the same person tapping on two devices). The server pays one and refuses the other
  // with the message; which tab wins is the server's race, so each tab is read for the dialog it got. (A claim made
  // after the first had landed could not be tested from a second tab: the notice poll refreshes its state.)
  // Each tab's claim is held until both are on their way: a claim that landed before the other tab's click would
  // refresh that tab's state (the notice poll) and leave it nothing to click, which a loaded machine made happen.
  let bothSent!: () => void;
  const held = new Promise<void>((resolve) => (bothSent = resolve));
  let sent = 0;
  for (const page of [first, second])
    await page.route('**/api/user/checkin', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      if (++sent === 2) bothSent();
      await held;
      await route.continue();
    });
  const claim = (page: typeof first) => page.getByRole('button', { name: a('checkin.action'), exact: true }).click();
  await Promise.all([claim(first), claim(second)]);
  const outcome = async (page: typeof first) => {
    // Exact names: "Not checked in" contains "Checked in".
    const done = page.getByRole('dialog', { name: a('checkin.doneTitle'), exact: true });
    const refused = page.getByRole('dialog', { name: a('checkin.refusedTitle'), exact: true });
    await expect(done.or(refused)).toBeVisible();
    return (await done.isVisible())
      ? { kind: 'done' as const, dialog: done }
      : { kind: 'refused' as const, dialog: refused };
  };
  const outcomes = await Promise.all([outcome(first), outcome(second)]);
  expect(outcomes.map((o) => o.kind).sort()).toEqual(['done', 'refused']);
  const paidTab = outcomes[0].kind === 'done' ? first : second;
  for (const { kind, dialog } of outcomes) {
    await expect(dialog).toContainText(kind === 'done' ? 'Days in a row: 1' : e('once_a_day'));
    await dialog.getByRole('button', { name: text('common', 'en', 'actions.close') }).click();
  }
  for (const page of [first, second]) {
    await expect(page.getByTestId('checkin-state')).toHaveText(a('checkin.doneToday'));
    await expect(page.getByRole('button', { name: a('checkin.checkedIn') })).toBeDisabled();
  }
  await expect(paidTab.getByTestId('checkin-streak')).toHaveText('1');
  await expect
    .poll(async () =>
      Math.round(Number((await paidTab.getByTestId('checkin-balance').innerText()).replace(/[^\d.]/g, '')) * 100),
    )
    .toBe(before + reward);

  expect(await availableCents(user.token)).toBe(before + reward);
  await context.close();
});

test('customer service: a message written in the app is answered through pnpm ops support', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await registerByApi(`sup${Date.now() % 1_000_000}`);
  await useSession(page, user.token, 'en');
  await open(page, '/pages/user/user');
  await page.getByRole('link', { name: a('mine.menu.support') }).click();
  await expect(page).toHaveURL(/#\/pages\/customer\/customer$/);
  await expect(page.getByText(a('support.noMessages'))).toBeVisible();

  // An empty message is refused in the user's language and nothing is sent.
  const send = page.getByRole('button', { name: a('support.send') });
  await send.click();
  await expect(page.getByRole('alert').filter({ hasText: e('please_fill_in') })).toBeVisible();
  expect((await api<{ items: unknown[] }>('/api/user/service', user.token)).items).toHaveLength(0);

  // A quick topic starts the message; the user completes it.
  await page.getByRole('button', { name: a('support.topic.password') }).click();
  const box = page.getByLabel(a('support.messageLabel'));
  await expect(box).toHaveValue(a('support.starter.password'));
  await box.pressSequentially('My phone number changed.');
  await send.click();
  const thread = page.getByTestId('support-thread');
  await expect(thread).toContainText('My phone number changed.');
  await expect(thread).toContainText(a('support.topic.password'));
  await expect(box).toHaveValue('');

  const conversation = await conversationOf(user.account);
  expect(await ops('support', 'reply', conversation, '-m', 'We have sent you a reset link.')).toContain(
    `answered conversation ${conversation}`,
  );

  await open(page, '/pages/user/user');
  await expect(page.getByTestId('support-badge')).toHaveText('1');
  // The menu's item (with its badge), not the toast that tells of the reply and links to the same page.
  await page
    .getByRole('link', { name: a('mine.menu.support') })
    .filter({ has: page.getByTestId('support-badge') })
    .click();
  await expect(thread).toContainText('We have sent you a reset link.');
  await expect(page.getByTestId('support-new')).toBeVisible();
  await open(page, '/pages/user/user');
  await expect(page.getByText(a('mine.menu.logout'))).toBeVisible();
  await expect(page.getByTestId('support-badge')).toHaveCount(0);
});

/** The new pages, with ids of seeded items for the details. */
async function newPages(): Promise<Array<[string, string]>> {
  const first = async (url: string) => (await api<{ items: Array<{ id: number }> }>(url)).items[0]!.id;
  return [
    ['notices', '/pages/user/notice'],
    ['notice', `/pages/user/notice?id=${await first('/api/index/notice')}`],
    ['news', '/pages/news/news'],
    ['news-details', `/pages/news/details?id=${await first('/api/index/about_list')}`],
    ['activity-center', '/pages/activitycenter/activitycenter'],
    ['activity-list', '/pages/activitycenter/activitylist'],
    ['activity', `/pages/activitycenter/activitylist?id=${await first('/api/index/activity_list?type=promotion')}`],
    ['user-activity-center', '/pages/user/activityCenter'],
    ['customer', '/pages/customer/customer'],
    // Mine, for its two new menu items.
    ['mine', '/pages/user/user'],
  ];
}

async function settle(page: Page) {
  await expect(page.locator('header h1').first()).toBeVisible();
  await settled(page);
}

for (const [lang, width] of [
  ['en', 390],
  ['zh', 390],
  ['de', 360],
  ['th', 360],
] as const) {
  test(`the new content pages at ${width} px (${lang})${width === 360 ? ', axe clean' : ''}`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 844 });
    // A user with a conversation, so the customer page shows one.
    const user = await registerByApi(`shot${lang}${Date.now() % 100_000}`);
    const body = new URLSearchParams({ body: a('support.starter.recharge', lang) + '100 U', topic: 'recharge' });
    await fetch(`${process.env.E2E_API_URL}/api/user/service`, {
      method: 'POST',
      headers: { token: user.token, 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
    await ops('support', 'reply', await conversationOf(user.account), '-m', 'OK');
    await useSession(page, user.token, lang);
    for (const [name, route] of await newPages()) {
      await open(page, route);
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${lang} ${route}`).toBeLessThanOrEqual(
        width,
      );
      await keepScreenshot(page, `content-${name}-${lang}.png`, { fullPage: true });
      if (width !== 360) continue;
      expect.soft(await seriousViolations(page), `${lang} ${route}`).toEqual([]);
    }
  });
}
