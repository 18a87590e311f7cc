import { expect, test, type Page } from '@playwright/test';
import type { InboxList, PaymentMethod, PaymentMethodList } from '@app/contracts';
import { consoleUrl, joinConsoleAs, operatorApi } from '../support/console-operator.ts';
import { sharedOperators } from '../support/operators.ts';
import { seriousViolations } from '../support/axe.ts';
import { registerByApi, useSession } from '../support/session.ts';
import { text } from '../support/texts.ts';
import { keepScreenshot } from '../support/screenshots.ts';

/**
 * One user on one page in the console, as customer service uses it: a support operator finds the user from the
 * search, opens their page, reads the balances and the ledger (with the balance after each entry), writes to the
 * user in the user's language with a reason, and allows one edit of their locked bank card, which the user then
 * makes once and finds locked again. Screenshots at 1280x800 and 820 px, in English and Chinese, in e2e/.tmp/.
 */

const c = (key: string, lang: 'en' | 'zh' = 'en') => text('console', lang, key);
// The user's app is in Vietnamese, the language the console then names.
const w = (key: string) => text('wallet', 'vi', key);

async function userApi<T>(url: string, token: string, body?: Record<string, string>, lang = 'en'): Promise<T> {
  const response = await fetch(`${process.env.E2E_API_URL}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: { lang, token, ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: body ? new URLSearchParams(body).toString() : undefined,
  });
  const answer = (await response.json()) as { code: number; key: string; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`${url} answered ${answer.key}: ${answer.msg}`);
  return answer.data;
}

const shot = (page: Page, name: string) => keepScreenshot(page, `console-user-${name}.png`, { fullPage: true });

test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });

test('customer service finds a user, reads their money, writes to them in their language and allows one card edit', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  // A user who reads the app in Vietnamese (their last sign-in), with 120.50 U from a goodwill credit and a card.
  const account = `cu${Date.now().toString(36)}`;
  const user = await registerByApi(account);
  await userApi('/api/login/index', '', { account, password: user.password }, 'vi');
  const me = await userApi<{ id: number }>('/api/user/index', user.token, undefined, 'vi');
  const credit = await operatorApi<{ status: string }>(sharedOperators().fay, `/admin/users/${me.id}/adjustments`, {
    direction: 'credit',
    amount: '120.50',
    category: 'goodwill',
    reason: 'e2e: a balance to read on the user page',
  });
  expect(credit.data.status, credit.msg).toBe('posted');
  const card = await userApi<PaymentMethod>('/api/user/add_card', user.token, {
    bank_name: 'Vietcombank',
    branch: 'Ha Noi',
    holder: 'Nguyen Linh',
    card_number: `62220${String(Date.now()).slice(-11)}`,
  });
  expect(card.locked).toBe(true);

  const support = await joinConsoleAs(page, 'support', 'cs');
  await page.getByRole('link', { name: c('nav.users') }).click();
  await page.getByRole('searchbox', { name: c('users.search') }).fill(account);
  await page.getByRole('button', { name: c('users.search') }).click();
  await page.getByRole('link', { name: account, exact: true }).click();

  // The page: the account, the language it reads, the balances and the ledger with the running balance.
  await expect(page.getByRole('heading', { name: new RegExp(account) })).toBeVisible();
  await expect(page.getByTestId('user-profile')).toContainText('Vietnamese (vi)');
  await expect(page.getByTestId('user-balances')).toContainText('120.50 U');
  const ledger = page.getByTestId('part-ledger');
  await expect(ledger.getByRole('row').nth(1)).toContainText('adjustment');
  await expect(ledger.getByRole('row').nth(1)).toContainText('120.50 U');
  await shot(page, 'ledger-1280-en');
  expect.soft(await seriousViolations(page), 'user page, ledger').toEqual([]);

  // What protects the account, read only: this user has turned no second factor on.
  await page.getByRole('tab', { name: c('userPage.parts.factors') }).click();
  const factors = page.getByTestId('part-factors');
  await expect(factors).toContainText(c('userPage.factors.off'));
  await expect(factors).toContainText(c('userPage.factors.codeNotSet'));
  await shot(page, 'factors-1280-en');
  expect.soft(await seriousViolations(page), 'user page, second factors').toEqual([]);

  // The devices the account was used on (the registration's session, live) and its freezes (none yet).
  await page.getByRole('tab', { name: c('userPage.parts.devices') }).click();
  const devices = page.getByTestId('part-devices');
  await expect(devices.getByRole('row')).not.toHaveCount(0);
  await shot(page, 'devices-1280-en');
  expect.soft(await seriousViolations(page), 'user page, devices').toEqual([]);
  await page.getByRole('tab', { name: c('userPage.parts.freezes') }).click();
  await expect(page.locator('#user-part')).toContainText(c('userPage.empty.freezes'));
  expect.soft(await seriousViolations(page), 'user page, freezes').toEqual([]);

  // A note and a tag for the next operator: both on the page, and both in the user's audit trail below.
  const notes = page.getByTestId('notes-panel');
  await notes.getByLabel(c('notes.newNote')).fill('Caller asked about the card; identity checked by phone');
  await notes.getByRole('button', { name: c('notes.addNote') }).click();
  await expect(notes.getByRole('list', { name: c('notes.notes') })).toContainText('identity checked by phone');
  await notes.getByLabel(c('notes.newTag')).fill('watch');
  await notes.getByRole('button', { name: c('notes.addTag') }).click();
  const tagging = page.getByTestId('reason-dialog');
  await tagging.getByLabel(c('reason.label')).fill('asked twice about changing the card');
  await tagging.getByRole('button', { name: c('notes.addTag') }).click();
  await expect(notes.getByRole('button', { name: 'Remove tag watch' })).toBeVisible();
  await notes.scrollIntoViewIfNeeded();
  await shot(page, 'notes-1280-en');
  expect.soft(await seriousViolations(page), 'notes and tags').toEqual([]);

  // A message in the user's language, with a reason: it arrives in their inbox as written.
  await page.getByRole('button', { name: c('userPage.message.open') }).click();
  const message = page.getByTestId('reason-dialog');
  await expect(message.getByTestId('message-language')).toContainText('Vietnamese (vi)');
  await message.getByLabel('Title, in Vietnamese').fill('Thẻ ngân hàng của bạn');
  await message.getByLabel('Message, in Vietnamese').fill('Bạn có thể sửa thẻ ngân hàng một lần trong ứng dụng.');
  await message.getByLabel(c('reason.label')).fill('caller asked to change the card');
  await shot(page, 'message-1280-en');
  expect.soft(await seriousViolations(page), 'message dialog').toEqual([]);
  await message.getByRole('button', { name: c('userPage.message.send') }).click();
  await expect(page.getByRole('status')).toContainText(`${account}'s inbox`);
  const inbox = await userApi<InboxList>('/api/user/msg', user.token);
  expect(inbox.items[0]).toMatchObject({ title: 'Thẻ ngân hàng của bạn', read: false });

  // One edit of the locked card, with a reason.
  await page.getByRole('tab', { name: c('userPage.parts.methods') }).click();
  const methods = page.getByTestId('part-methods');
  await expect(methods).toContainText(c('userPage.method.locked'));
  await methods.getByRole('button', { name: c('userPage.method.allowEdit') }).click();
  const allow = page.getByTestId('reason-dialog');
  await allow.getByLabel(c('reason.label')).fill('the bank replaced the card; caller verified');
  await allow.getByRole('button', { name: c('userPage.method.allowEdit') }).click();
  await expect(methods).toContainText('One edit allowed by');
  await shot(page, 'methods-1280-en');
  expect.soft(await seriousViolations(page), 'payment methods').toEqual([]);

  // The user changes the card once in the app's own screens (a phone); then it is locked again.
  const mine = await userApi<PaymentMethodList>('/api/user/bank_card', user.token);
  expect(mine.items.find((m) => m.id === card.id)?.locked).toBe(false);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'vi-VN', hasTouch: true });
  const app = await phone.newPage();
  app.on('pageerror', (error) => errors.push(error.message));
  await useSession(app, user.token, 'vi');
  await app.goto(`${process.env.E2E_BASE_URL}/h5/#/pages/payment/payment`);
  const list = app.getByTestId('method-list');
  await expect(list).toContainText('Vietcombank');
  await list.getByRole('button', { name: new RegExp(`^${w('methods.edit')}`) }).click();
  await expect(app.getByTestId('edit-note')).toContainText('Vietcombank');
  await app.getByLabel(w('bank.bank_name')).fill('Vietcombank');
  await app.getByLabel(w('bank.branch')).fill('Ha Noi');
  await app.getByLabel(w('bank.holder')).fill('Nguyen Linh');
  await app.getByLabel(w('bank.card_number')).fill(`62221${String(Date.now()).slice(-11)}`);
  await keepScreenshot(app, 'console-user-app-edit-390.png', { fullPage: true });
  expect.soft(await seriousViolations(app), 'the app, changing a card').toEqual([]);
  await app.setViewportSize({ width: 360, height: 780 });
  await keepScreenshot(app, 'console-user-app-edit-360.png', { fullPage: true });
  await app.getByRole('button', { name: w('methods.editSubmit') }).click();
  await expect(app).toHaveURL(/pages\/payment\/payment$/);
  await expect(app.getByTestId('method-list').getByText(w('methods.locked'))).toHaveCount(1);
  await expect(
    app.getByTestId('method-list').getByRole('button', { name: new RegExp(`^${w('methods.edit')}`) }),
  ).toHaveCount(0);
  await keepScreenshot(app, 'console-user-app-locked-again-360.png', { fullPage: true });
  const after = await userApi<PaymentMethodList>('/api/user/bank_card', user.token);
  expect(after.items).toHaveLength(1);
  expect(after.items[0]!.locked).toBe(true);
  expect(after.items[0]!.id).not.toBe(card.id);
  await phone.close();
  await page.reload();
  await page.getByRole('tab', { name: c('userPage.parts.methods') }).click();
  await expect(page.getByTestId('part-methods').getByRole('row')).toHaveCount(3);
  await expect(page.getByTestId('part-methods').getByRole('row').nth(1)).toContainText(c('userPage.method.locked'));

  // The message is in the inbox part, as the user reads it; the sessions part lists the user's devices.
  await page.getByRole('tab', { name: c('userPage.parts.messages') }).click();
  await expect(page.getByTestId('part-messages')).toContainText('Thẻ ngân hàng của bạn');
  await shot(page, 'messages-1280-en');
  await page.getByRole('tab', { name: c('userPage.parts.sessions') }).click();
  await expect(page.getByTestId('part-logins').getByRole('row')).toHaveCount(3);
  await shot(page, 'sessions-1280-en');

  // Both acts are in the user's audit trail, with the operator's reasons.
  await page.getByRole('tab', { name: c('userPage.parts.audit') }).click();
  const audit = page.getByTestId('part-audit');
  await expect(audit).toContainText('the bank replaced the card; caller verified');
  await expect(audit).toContainText('caller asked to change the card');
  await expect(audit).toContainText('asked twice about changing the card');
  await shot(page, 'audit-1280-en');
  expect.soft(await seriousViolations(page), 'audit trail').toEqual([]);

  // Chinese, then a tablet's 820 px, in both languages.
  await page.getByTestId('language-switch').selectOption('zh');
  await page.getByRole('tab', { name: c('userPage.parts.ledger', 'zh') }).click();
  await expect(page.getByTestId('user-profile')).toContainText('越南语 (vi)');
  await shot(page, 'ledger-1280-zh');
  await page.setViewportSize({ width: 820, height: 1100 });
  await shot(page, 'ledger-820-zh');
  await page.getByRole('tab', { name: c('userPage.parts.methods', 'zh') }).click();
  await shot(page, 'methods-820-zh');
  await page.getByTestId('language-switch').selectOption('en');
  await page.getByRole('tab', { name: c('userPage.parts.ledger') }).click();
  await expect(page.getByTestId('part-ledger')).toBeVisible();
  await shot(page, 'ledger-820-en');
  await page.getByRole('button', { name: c('userPage.message.open') }).click();
  await shot(page, 'message-820-en');
  await page.keyboard.press('Escape');

  // An admin, in a browser of their own, ends the support operator's console session and gives them another role.
  const admin = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const boss = await admin.newPage();
  boss.on('pageerror', (error) => errors.push(error.message));
  await joinConsoleAs(boss, 'admin', 'boss');
  await boss.getByRole('link', { name: c('nav.operators') }).click();
  const sessionRow = boss.getByTestId('operator-sessions').getByRole('row').filter({ hasText: support });
  await expect(sessionRow).toHaveCount(1);
  await shot(boss, 'operators-1280-en');
  expect.soft(await seriousViolations(boss), 'operators page').toEqual([]);
  await sessionRow.getByRole('button', { name: c('operators.revoke') }).click();
  const revoke = boss.getByTestId('reason-dialog');
  await revoke.getByLabel(c('reason.label')).fill('left the desk signed in');
  await revoke.getByRole('button', { name: c('operators.revoke') }).click();
  await expect(sessionRow).toHaveCount(0);
  const row = boss.getByTestId(`operator-row-${support}`);
  await row.getByRole('button', { name: c('operators.changeRole') }).click();
  const roleDialog = boss.getByTestId('reason-dialog');
  await roleDialog.getByLabel(c('operators.newRole')).selectOption('finance');
  await roleDialog.getByLabel(c('reason.label')).fill(`${support} moved to the finance desk`);
  await roleDialog.getByRole('button', { name: c('operators.changeRole') }).click();
  // A role that grants more waits for a second admin: the row keeps the old role, the proposal is listed.
  await expect(boss.getByTestId('held-changes')).toContainText(c('heldChanges.title'));
  await expect(row).toContainText(c('roles.support'));
  await shot(boss, 'operators-held-1280-en');
  // A second admin, in a browser of their own, approves it with a reason.
  const secondAdmin = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const checker = await secondAdmin.newPage();
  checker.on('pageerror', (error) => errors.push(error.message));
  await joinConsoleAs(checker, 'admin', 'checker');
  await checker.getByRole('link', { name: c('nav.operators') }).click();
  // Other specs on this server may hold changes of their own: this one is found by its reason.
  const proposal = checker
    .getByTestId('held-changes')
    .locator('[data-testid^="held-change-"]')
    .filter({ hasText: `${support} moved to the finance desk` });
  await expect(proposal).toHaveCount(1);
  await proposal.getByRole('button', { name: c('heldChanges.approve') }).click();
  const approve = checker.getByTestId('reason-dialog');
  // Once, in CI, this dialog never came: a failure here prints the checker's page (support/failure-context-reporter.ts).
  await expect(approve).toBeVisible();
  await approve.getByLabel(c('reason.label')).fill('agreed with the finance lead');
  await approve.getByRole('button', { name: c('heldChanges.approve') }).click();
  await expect(checker.getByTestId(`operator-row-${support}`)).toContainText(c('roles.finance'));
  await expect(proposal).toHaveCount(0);
  await secondAdmin.close();
  await boss.reload();
  await expect(row).toContainText(c('roles.finance'));
  await shot(boss, 'operators-after-1280-en');
  await boss.getByTestId('language-switch').selectOption('zh');
  await boss.setViewportSize({ width: 820, height: 1000 });
  await expect(boss.getByRole('heading', { name: c('operators.sessions', 'zh') })).toBeVisible();
  await shot(boss, 'operators-820-zh');
  await admin.close();

  // The support operator's console is signed out at its next request.
  await page.reload();
  await expect(page.getByRole('button', { name: c('signIn.submit') })).toBeVisible();
  expect(errors).toEqual([]);
  await page.goto(consoleUrl());
});
