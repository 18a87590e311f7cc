import { expect, test } from '@playwright/test';
import type { RechargeRecord } from '@app/contracts';
import { consoleUrl, joinConsoleAs } from '../support/console-operator.ts';
import { seriousViolations, settled } from '../support/axe.ts';
import { sendDeposit, userApi } from '../support/deposits.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { registerByApi } from '../support/session.ts';
import { text } from '../support/texts.ts';

/**
 * Reply templates at 1280x800 (issue #42): an operator writes a template in English and Chinese on its page, refuses
 * a deposit of a user whose app is in Chinese with it, and the user's record reads the Chinese text. Then the Users
 * page finds that user by the beginning of their account, and says that the middle of one finds nothing.
 */

const c = (key: string, values: Record<string, string | number> = {}) => text('console', 'en', key, values);

test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });

const EN = 'The transfer screenshot could not be read. Please upload a clear one.';
const ZH = '转账截图无法辨认，请重新上传清晰的截图。';

test('a reply template written in two languages tells a Chinese reader in Chinese; the users list finds by a beginning', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const user = await registerByApi(`tpl${Date.now().toString(36)}`);
  // The user's app is in Chinese: a launch says so (as the app's home does on every start).
  const launched = await fetch(`${process.env.E2E_API_URL}/api/user/index`, {
    headers: { token: user.token, lang: 'zh' },
  });
  expect(launched.ok).toBe(true);
  const deposit = await sendDeposit(browser, user.token);
  await joinConsoleAs(page, 'admin', 'tpl');

  const name = `Unreadable ${Date.now().toString(36)}`;
  await page.getByRole('link', { name: c('templates.nav') }).click();
  await page.getByRole('button', { name: c('templates.new') }).click();
  const editor = page.getByRole('region', { name: c('templates.newTitle') });
  await editor.getByLabel(c('templates.name'), { exact: true }).fill(name);
  await editor.getByLabel(c('templates.use.deposit_refuse')).check();
  await editor.getByTestId('template-en').getByLabel(c('templates.text')).fill(EN);
  await editor.getByTestId('template-zh').getByLabel(c('templates.text')).fill(ZH);
  await expect(editor.getByTestId('template-zh')).toContainText(c('templates.written'));
  await expect(editor.getByTestId('template-de')).toContainText(c('templates.showsEnglish'));
  await settled(page);
  await keepScreenshot(page, 'console-templates-editor-1280.png');
  expect.soft(await seriousViolations(page), 'template editor').toEqual([]);
  await editor.getByRole('button', { name: c('templates.save') }).click();
  const saving = page.getByRole('dialog', { name: c('templates.confirmCreate') });
  await saving.getByLabel(c('reason.label')).fill('e2e: the usual refusal of a screenshot');
  await saving.getByRole('button', { name: c('templates.save') }).click();
  await expect(page.getByText(c('templates.saved', { name }))).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(c('templates.use.deposit_refuse'));
  await expect(row).toContainText('2 of 10');
  await settled(page);
  await keepScreenshot(page, 'console-templates-list-1280.png');

  // The deposit, refused with the template: the dialog shows its English text and what the reason is for now.
  await page.goto(`${consoleUrl()}#/deposits?id=${deposit.id}`);
  const detail = page.getByRole('region', { name: c('deposits.detailLabel'), exact: true });
  await detail.getByRole('button', { name: c('deposits.refuse') }).click();
  const refusal = page.getByRole('dialog');
  await refusal.getByLabel(c('templates.pick')).selectOption({ label: name });
  await expect(refusal.getByTestId('template-preview')).toContainText(EN);
  await refusal.getByLabel(c('reason.label')).fill('e2e: screenshot blurred, asked again');
  await expect(refusal).toContainText(c('templates.reasonAuditOnly'));
  await settled(page);
  await keepScreenshot(page, 'console-templates-refusal-1280.png');
  expect.soft(await seriousViolations(page), 'refusal with a template').toEqual([]);
  await refusal.getByRole('button', { name: c('deposits.refuse') }).click();
  await expect(refusal).toBeHidden();

  const records = await userApi<{ items: RechargeRecord[] }>('/api/user/recharge_record', user.token);
  expect(records.items.find((d) => d.id === deposit.id)?.reason).toBe(ZH);

  // The Users page: the account's beginning finds the user; its middle finds nothing, and the page says why.
  await page.getByRole('link', { name: c('nav.users') }).click();
  const box = page.getByRole('searchbox', { name: c('users.search') });
  await box.fill(user.account.slice(0, 7).toUpperCase());
  await page.getByRole('button', { name: c('users.search') }).click();
  await expect(page.getByRole('link', { name: user.account })).toBeVisible();
  await settled(page);
  await keepScreenshot(page, 'console-users-beginning-1280.png');
  await box.fill(user.account.slice(3));
  await page.getByRole('button', { name: c('users.search') }).click();
  await expect(page.getByText(c('users.noMatch', { q: user.account.slice(3) }))).toBeVisible();
  await keepScreenshot(page, 'console-users-middle-1280.png');
  expect(errors).toEqual([]);
});
