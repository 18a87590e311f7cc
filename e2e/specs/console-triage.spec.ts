import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { AdminAuditList, InboxList, RechargeRecord } from '@app/contracts';
import { seriousViolations } from '../support/axe.ts';
import { consoleUrl, joinConsoleAs, operatorApi } from '../support/console-operator.ts';
import { sharedOperators } from '../support/operators.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { sendDeposit, userApi } from '../support/deposits.ts';
import { registerByApi } from '../support/session.ts';
import { text } from '../support/texts.ts';

// Triage (#42): a finance operator in the console at 1280x800 opens the deposits queue from a link that carries
// its filters, checks three deposits (a click, the page's keys), refuses them with one reason in one dialog, and
// reads each one's outcome. Each refusal is its own act in the audit log, and each user is told with the reason.

const c = (key: string) => text('console', 'en', key);
const n = (key: string, count: number) =>
  c(`${key}_${count === 1 ? 'one' : 'other'}`).replace('{{count}}', String(count));

test('a bulk refusal of three deposits with one reason: each refused, audited, and told to its user', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const operator = await joinConsoleAs(page, 'finance', 'triage');

  // An amount of its own, so that the link's filters show these three (the shared server has other deposits).
  const amount = `${100 + (Date.now() % 800)}.37`;
  // One after another: a test phone number is made of the clock's milliseconds.
  const deposits = [];
  for (let i = 0; i < 3; i++) {
    const user = await registerByApi(`tri${i}${Date.now().toString(36)}${randomBytes(2).toString('hex')}`);
    deposits.push({ user, record: await sendDeposit(browser, user.token, amount) });
  }

  // The link carries the filters: under review, this exact amount.
  await page.goto(`${consoleUrl()}#/deposits?status=3&min=${amount}&max=${amount}`);
  await expect(page.getByRole('heading', { name: c('deposits.title') })).toBeVisible();
  for (const { record } of deposits) await expect(page.getByTestId(`deposit-row-${record.id}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: c('filters.min') })).toHaveValue(amount);
  await expect(page.locator('tbody tr')).toHaveCount(3);

  // Two checked by clicking, the third from the keyboard: k from the page goes to the last row, x checks it.
  const [first, second, third] = deposits.map((d) => d.record.id);
  const box = (id: number) => page.getByTestId(`deposit-row-${id}`).getByRole('checkbox');
  await box(first!).check();
  await box(second!).check();
  await expect(page.getByTestId('selected-count')).toHaveText(n('triage.selected', 2));
  await page.locator('body').focus();
  await page.keyboard.press('k');
  await expect(page.getByTestId(`deposit-row-${third}`)).toBeFocused();
  await page.keyboard.press('x');
  await expect(page.getByTestId('selected-count')).toHaveText(n('triage.selected', 3));
  await expect(page.getByRole('checkbox', { name: c('triage.selectPage') })).toBeChecked();
  await keepScreenshot(page, 'console-triage-selected-1280.png');

  // The help lists the keys.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: c('triage.keysTitle') });
  await expect(help.getByText(c('triage.key.refuse'))).toBeVisible();
  await keepScreenshot(page, 'console-triage-keys-1280.png');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  // r: one reason for the three.
  await page.getByTestId(`deposit-row-${third}`).focus();
  await page.keyboard.press('r');
  const dialog = page.getByRole('dialog', { name: n('triage.confirm.refuse', 3) });
  await expect(dialog.getByTestId('bulk-items').getByRole('listitem')).toHaveCount(3);
  const reason = 'e2e triage: no matching line on the bank statement';
  await dialog.getByLabel(c('reason.label')).fill(reason);
  await keepScreenshot(page, 'console-triage-dialog-1280.png');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: n('triage.refuse', 3) }).click();

  const results = page.getByRole('dialog', { name: c('triage.resultTitle.refuse') });
  await expect(results.getByRole('status')).toHaveText(n('triage.count.refuse.done', 3));
  for (const id of [first, second, third])
    await expect(results.getByTestId(`bulk-result-${id}`)).toHaveAttribute('data-outcome', 'done');
  await keepScreenshot(page, 'console-triage-results-1280.png');
  expect(await seriousViolations(page)).toEqual([]);
  await results.getByRole('button', { name: c('common.close') }).click();
  // Decided, they leave the queue under review; nothing is left selected.
  await expect(page.locator('tbody tr')).toHaveCount(0);
  await expect(page.getByTestId('selected-count')).toHaveText(c('triage.noneSelected'));

  // Each refusal is its own act in the audit log, with the one reason.
  const audit = await operatorApi<AdminAuditList>(
    sharedOperators().alice,
    `/admin/audit?action=deposit.refuse&operator=${encodeURIComponent(operator)}`,
  );
  expect(audit.data.items.map((row) => row.target).sort()).toEqual(
    [first, second, third].map((id) => `deposit:${id}`).sort(),
  );
  for (const row of audit.data.items) expect(row.reason).toBe(reason);

  // Each user sees the refusal, with the reason, in their records and their inbox.
  for (const { user, record } of deposits) {
    const mine = await userApi<{ items: RechargeRecord[] }>(`/api/user/recharge_record?id=${record.id}`, user.token);
    expect(mine.items[0]).toMatchObject({ status: 2, reason });
    const inbox = await userApi<InboxList>('/api/user/msg', user.token);
    expect(inbox.items.map((m) => m.body).join('\n')).toContain(reason);
  }
  // The filters saved as a view (kept by the server), picked again after clearing them.
  const view = `Exactly ${amount}`;
  await page.getByRole('button', { name: c('triage.saveView') }).click();
  const naming = page.getByRole('dialog', { name: c('triage.saveViewTitle') });
  await naming.getByLabel(c('triage.viewName')).fill(view);
  await naming.getByRole('button', { name: c('triage.save') }).click();
  await expect(naming).toHaveCount(0);
  const views = page.getByTestId('saved-views').getByRole('combobox');
  await expect(views).toHaveValue(/\d+/);
  await page.getByRole('button', { name: c('filters.clear') }).click();
  await expect(page.getByRole('textbox', { name: c('filters.min') })).toHaveValue('');
  expect(new URL(page.url()).hash).toBe('#/deposits?status=');
  await views.selectOption({ label: view });
  await expect(page.getByRole('textbox', { name: c('filters.min') })).toHaveValue(amount);
  expect(new URL(page.url()).hash).toBe(`#/deposits?status=3&min=${amount}&max=${amount}`);

  // The withdrawal queue has the same triage parts.
  await page.getByRole('link', { name: new RegExp(`^${c('nav.withdrawals')}`) }).click();
  await expect(page.getByRole('heading', { name: c('withdrawals.title') })).toBeVisible();
  await expect(page.getByRole('group', { name: c('triage.barLabel') })).toBeVisible();
  await expect(page.getByTestId('saved-views')).toBeVisible();
  await keepScreenshot(page, 'console-triage-withdrawals-1280.png');

  // The same screen in Chinese.
  await page.evaluate(() => localStorage.setItem('console.lang', 'zh'));
  await page.goto(`${consoleUrl()}#/deposits?status=3`);
  await page.reload();
  await expect(page.getByRole('heading', { name: text('console', 'zh', 'deposits.title') })).toBeVisible();
  await page.getByRole('button', { name: text('console', 'zh', 'triage.keysButton') }).click();
  await keepScreenshot(page, 'console-triage-keys-zh-1280.png');
  expect(errors).toEqual([]);
  await context.close();
});
