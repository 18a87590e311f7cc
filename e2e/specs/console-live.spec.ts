import { expect, test, type Page } from '@playwright/test';
import type { RechargeRecord } from '@app/contracts';
import { consoleUrl, joinConsoleAs, operatorApi } from '../support/console-operator.ts';
import { sharedOperators } from '../support/operators.ts';
import { sendDeposit } from '../support/deposits.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { registerByApi } from '../support/session.ts';
import { text } from '../support/texts.ts';

// Live queues: two finance operators, each in a browser of their own at 1280x800, keep the deposits queue open.
// A deposit a user sends appears in both without a reload; when one approves it, the other's waiting count and
// queue follow (GET /admin/live, read from the database: docs/operators.md).

const c = (key: string) => text('console', 'en', key);

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

/** What the navigation says waits for this operator's approval (0 when it shows no count). */
async function waitingApprovals(page: Page): Promise<number> {
  const badge = page.getByTestId('waiting-approvals');
  return (await badge.count()) ? Number(await badge.innerText()) : 0;
}

/**
 * Whether the navigation's count says what the open approvals list shows. Other journeys run beside this one on
 * the same server and make approvals of their own, so a count is checked against the list, not against a number
 * read earlier; this test's own rows are checked by their ids.
 */
async function countMatchesList(page: Page): Promise<boolean> {
  return (await waitingApprovals(page)) === (await page.locator('tr[data-testid^="approval-"]').count());
}

async function openApprovals(page: Page) {
  await page.getByRole('link', { name: new RegExp(`^${c('nav.approvals')}`) }).click();
  await expect(page.getByRole('heading', { name: c('approvals.title') })).toBeVisible();
}

/** Decides one row of the approvals queue in the console, with its reason. */
async function decideRow(
  page: Page,
  row: string,
  decision: 'approve' | 'refuse',
  what: string,
  id: number,
  reason: string,
) {
  await page
    .getByTestId(`approval-${row}`)
    .getByRole('button', { name: c(`approvals.${decision}`) })
    .click();
  const dialog = page.getByRole('dialog', {
    name: c(`approvals.confirm.${decision}`).replace('{{what}}', what).replace('{{id}}', String(id)),
  });
  await dialog.getByLabel(c('reason.label')).fill(reason);
  await dialog.getByRole('button', { name: c(`approvals.${decision}`) }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId(`approval-${row}`)).toHaveCount(0);
}

test('waiting for my approval: what one operator approved first waits for the other, who decides it in the console', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const contexts = await Promise.all(
    [0, 1].map(() => browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })),
  );
  const [a, b] = await Promise.all(contexts.map((context) => context.newPage()));
  const errors: string[] = [];
  for (const page of [a!, b!]) page.on('pageerror', (error) => errors.push(error.message));
  await joinConsoleAs(a!, 'finance', 'appr-a');
  await joinConsoleAs(b!, 'finance', 'appr-b');
  await Promise.all([openApprovals(a!), openApprovals(b!)]);

  // 12,000 U is above the 10,000 U four-eyes threshold: a's approval in the deposits queue is the first of two.
  const user = await registerByApi(`appr${Date.now().toString(36)}`);
  const deposit = await sendDeposit(browser, user.token, '12000.00');
  await openQueue(a!);
  await a!
    .getByTestId(`deposit-row-${deposit.id}`)
    .getByRole('button', { name: c('deposits.open').replace('{{id}}', String(deposit.id)) })
    .click();
  const detail = a!.getByRole('region', { name: c('deposits.detailLabel') });
  await detail.getByRole('button', { name: c('deposits.approve') }).click();
  const first = a!.getByRole('dialog', { name: c('deposits.confirm.approve').replace('{{id}}', String(deposit.id)) });
  await first.getByLabel(c('reason.label')).fill('statement line matches');
  await first.getByRole('button', { name: c('deposits.approve') }).click();
  await expect(first).toHaveCount(0);

  // An admin holds a large adjustment for the same user (a 20,000 U credit waits for a second operator).
  const found = await operatorApi<{ items: { id: number; user_id: number }[] }>(
    sharedOperators().alice,
    `/admin/deposits?user=${encodeURIComponent(user.account)}&status=3`,
  );
  const userId = found.data.items.find((d) => d.id === deposit.id)!.user_id;
  const held = await operatorApi<{ id: number; status: string }>(
    sharedOperators().alice,
    `/admin/users/${userId}/adjustments`,
    { direction: 'credit', amount: '20000', category: 'goodwill', reason: 'e2e: ticket 7001' },
  );
  expect(held.data.status).toBe('pending');

  // b sees both without a reload, counted in the navigation; a sees only the adjustment (the deposit waits for b).
  await expect(b!.getByTestId(`approval-deposit-${deposit.id}`)).toBeVisible();
  await expect(b!.getByTestId(`approval-adjustment-${held.data.id}`)).toBeVisible();
  await expect.poll(() => countMatchesList(b!)).toBe(true);
  await openApprovals(a!);
  await expect(a!.getByTestId(`approval-adjustment-${held.data.id}`)).toBeVisible();
  await expect(a!.getByTestId(`approval-deposit-${deposit.id}`)).toHaveCount(0);
  await expect.poll(() => countMatchesList(a!)).toBe(true);
  await keepScreenshot(b!, 'console-approvals.png');

  // b approves the deposit (the second approval credits it) and refuses the adjustment, each with a reason.
  await decideRow(
    b!,
    `deposit-${deposit.id}`,
    'approve',
    c('approvals.kind.deposit'),
    deposit.id,
    'second look: matches',
  );
  await decideRow(
    b!,
    `adjustment-${held.data.id}`,
    'refuse',
    c('approvals.kind.adjustment'),
    held.data.id,
    'no ticket 7001 in the desk',
  );
  await expect.poll(() => countMatchesList(b!)).toBe(true);
  await expect(a!.getByTestId(`approval-adjustment-${held.data.id}`)).toHaveCount(0);
  const decided = await operatorApi<{ items: { id: number; status: string }[] }>(
    sharedOperators().alice,
    `/admin/adjustments?user_id=${userId}`,
  );
  expect(decided.data.items.find((i) => i.id === held.data.id)?.status).toBe('refused');
  expect(errors).toEqual([]);
  await Promise.all(contexts.map((context) => context.close()));
});

test('a rule flags a burst of recharges: the reviewer sees the flag on the item and the rule’s hits', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  await joinConsoleAs(page, 'finance', 'risk');
  // Five recharges within the hour: the deposit velocity rule's default threshold.
  const user = await registerByApi(`risk${Date.now().toString(36)}`);
  let last: RechargeRecord | undefined;
  for (let i = 0; i < 5; i++) last = await sendDeposit(browser, user.token);
  await openQueue(page);
  await page
    .getByTestId(`deposit-row-${last!.id}`)
    .getByRole('button', { name: c('deposits.open').replace('{{id}}', String(last!.id)) })
    .click();
  const flags = page.getByTestId('risk-flags');
  await expect(flags.getByTestId('risk-flag-deposit_velocity').first()).toBeVisible();
  await expect(flags).toContainText(c('risk.thisItem'));
  await keepScreenshot(page, 'console-risk-flag.png');
  await page.getByRole('link', { name: new RegExp(`^${c('nav.risk')}`) }).click();
  await expect(page.getByRole('heading', { name: c('risk.title') })).toBeVisible();
  const hits = page.getByTestId('risk-rule-deposit_velocity').locator('td').nth(4);
  await expect.poll(async () => Number(await hits.innerText())).toBeGreaterThan(0);
  await keepScreenshot(page, 'console-risk-rules.png');
  await context.close();
});
