import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { RechargeInfo, RechargeRecord } from '@app/contracts';
import { consoleUrl, joinConsoleAs } from '../support/console-operator.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { registerByApi } from '../support/session.ts';
import { text } from '../support/texts.ts';

// Live queues: two finance operators, each in a browser of their own at 1280x800, keep the deposits queue open.
// A deposit a user sends appears in both without a reload; when one approves it, the other's waiting count and
// queue follow (GET /admin/live, read from the database: docs/operators.md).

const c = (key: string) => text('console', 'en', key);
const AMOUNT = '150.00';
const cents = (amount: string) => Math.round(Number(amount) * 100);

async function userApi<T>(url: string, token: string, body?: Record<string, string> | FormData): Promise<T> {
  const response = await fetch(`${process.env.E2E_API_URL}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      lang: 'en',
      token,
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: body instanceof FormData ? body : body ? new URLSearchParams(body).toString() : undefined,
  });
  const answer = (await response.json()) as { code: number; key: string; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`${url} answered ${answer.key}: ${answer.msg}`);
  return answer.data;
}

/** A deposit the user sends through the API: any channel whose limits take the amount, and a screenshot. */
async function sendDeposit(browser: Browser, token: string) {
  const info = await userApi<RechargeInfo>('/api/user/recharge', token);
  const channel = info.channels.find((ch) => cents(ch.min) <= cents(AMOUNT) && cents(ch.max) >= cents(AMOUNT));
  if (!channel) throw new Error('no channel takes the amount');
  const page = await browser.newPage({ viewport: { width: 420, height: 300 } });
  await page.setContent(`<body style="font:16px sans-serif"><h1>Transfer successful</h1><p>${AMOUNT}</p></body>`);
  const image = await page.screenshot({ type: 'png' });
  await page.close();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'transfer.png');
  const upload = await userApi<{ id: string }>('/api/user/uploadfile', token, form);
  return userApi<RechargeRecord>('/api/user/dorecharge', token, {
    channel_id: String(channel.id),
    amount: AMOUNT,
    payer_name: 'Li Lei',
    transfer_note: `LIVE-${Date.now().toString(36)}`,
    upload_id: upload.id,
    key: randomBytes(12).toString('hex'),
  });
}

/** What the navigation says waits in the deposits queue (0 when it shows no count). */
async function waitingDeposits(page: Page): Promise<number> {
  const badge = page.getByTestId('waiting-deposits');
  return (await badge.count()) ? Number(await badge.innerText()) : 0;
}

async function openQueue(page: Page) {
  await page.getByRole('link', { name: new RegExp(`^${c('nav.deposits')}`) }).click();
  await expect(page.getByRole('heading', { name: c('deposits.title') })).toBeVisible();
}

test('a deposit appears in two open queues without a reload; one approves it and the other’s count follows', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const contexts = await Promise.all(
    [0, 1].map(() => browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })),
  );
  const [a, b] = await Promise.all(contexts.map((context) => context.newPage()));
  const errors: string[] = [];
  for (const page of [a!, b!]) page.on('pageerror', (error) => errors.push(error.message));
  await joinConsoleAs(a!, 'finance', 'live-a');
  await joinConsoleAs(b!, 'finance', 'live-b');
  await Promise.all([openQueue(a!), openQueue(b!)]);

  const user = await registerByApi(`live${Date.now().toString(36)}`);
  const deposit = await sendDeposit(browser, user.token);
  expect(deposit.status).toBe(3);

  // Both queues show it without a reload or a click on Refresh, and the navigation counts it.
  for (const page of [a!, b!]) await expect(page.getByTestId(`deposit-row-${deposit.id}`)).toBeVisible();
  await expect(b!.getByTestId('waiting-deposits')).toBeVisible();
  const before = await waitingDeposits(b!);
  expect(before).toBeGreaterThan(0);
  await keepScreenshot(b!, 'console-live-queue.png');

  // The first operator approves it; the second's queue and count follow, still without a reload.
  await a!
    .getByTestId(`deposit-row-${deposit.id}`)
    .getByRole('button', { name: c('deposits.open').replace('{{id}}', String(deposit.id)) })
    .click();
  const detail = a!.getByRole('region', { name: c('deposits.detailLabel') });
  await detail.getByRole('button', { name: c('deposits.approve') }).click();
  const dialog = a!.getByRole('dialog', {
    name: c('deposits.confirm.approve').replace('{{id}}', String(deposit.id)),
  });
  await dialog.getByLabel(c('reason.label')).fill('statement line matches');
  await dialog.getByRole('button', { name: c('deposits.approve') }).click();
  await expect(dialog).toHaveCount(0);

  await expect(b!.getByTestId(`deposit-row-${deposit.id}`)).toHaveCount(0);
  await expect.poll(() => waitingDeposits(b!)).toBe(before - 1);
  expect(b!.url()).toContain(consoleUrl());
  await keepScreenshot(b!, 'console-live-queue-after.png');
  expect(errors).toEqual([]);
  await Promise.all(contexts.map((context) => context.close()));
});
