import { expect, test, type Page } from '@playwright/test';
import { open } from '../support/app.ts';
import { seriousViolations, settled } from '../support/axe.ts';
import { latestCode, uniquePhone } from '../support/outbox.ts';
import { operatorAuth, sharedOperators, type OperatorName } from '../support/operators.ts';
import { registerByApi, useSession } from '../support/session.ts';
import { text, type Lang } from '../support/texts.ts';
import { keepScreenshot } from '../support/screenshots.ts';

/**
 * A forgotten password, end to end: customer service (sam, a support operator) opens a reset; the user asks for
 * an SMS code on Forgot password, sets a new password, and logs in with it, while the old one is refused. Then the
 * same for the fund password from the fund password page. Nobody at the platform ever sees a password: none is in
 * any answer an operator gets. Last, the screens at 390x844 and 360x800 in en, de, th and zh, saved in
 * e2e/.tmp/password-reset/ for a human to look at.
 *
 * The auth routes allow 10 requests a minute per route from one address, and every request here comes from this
 * machine: the spec asks for few codes (the screenshots' refusals go to reset_password, not to sendcode).
 */

const a = (key: string, lang: Lang = 'en') => text('account', lang, key);
const e = (key: string, lang: Lang = 'en') => text('errors', lang, key);

type Envelope<T> = { code: number; key: string; msg: string; data: T };

async function api<T>(url: string, token: string | null, body?: Record<string, string>): Promise<Envelope<T>> {
  const response = await fetch(`${process.env.E2E_API_URL}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      lang: 'en',
      ...(token ? { token } : {}),
      ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: body ? new URLSearchParams(body).toString() : undefined,
  });
  return (await response.json()) as Envelope<T>;
}

/** Every operator answer the spec receives, raw, to check that no password is in any of them. */
const operatorAnswers: string[] = [];

async function operator<T>(name: OperatorName, url: string, body?: object): Promise<Envelope<T>> {
  const response = await fetch(`${process.env.E2E_ADMIN_URL}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: { ...operatorAuth(sharedOperators()[name]), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const raw = await response.text();
  operatorAnswers.push(raw);
  return JSON.parse(raw) as Envelope<T>;
}

async function userId(account: string): Promise<number> {
  const found = await operator<{ items: Array<{ id: number; account: string }> }>(
    'sam',
    `/admin/users?q=${encodeURIComponent(account)}`,
  );
  const id = found.data.items.find((u) => u.account === account)?.id;
  if (!id) throw new Error(`no user ${account} in the operator search`);
  return id;
}

async function openReset(id: number, kind: 'login' | 'fund') {
  const opened = await operator<{ user_id: number; kind: string; started_by: string }>(
    'sam',
    `/admin/users/${id}/password-reset`,
    { kind, reason: 'Caller verified: account name, phone and last deposit', lang: 'en' },
  );
  expect(opened.code, opened.msg).toBe(200);
  expect(opened.data).toMatchObject({ user_id: id, kind, started_by: 'sam' });
}

/** The texts the outbox holds for a phone (read by an admin: codes are in them). */
async function smsTo(phone: string): Promise<string[]> {
  const outbox = await operator<{ items: Array<{ body: string }> }>(
    'alice',
    `/admin/sms-outbox?recipient=${encodeURIComponent(phone)}`,
  );
  return outbox.data.items.map((i) => i.body);
}

/** Asks for a code with the form's button, waits for the countdown, and reads the code from the outbox. */
async function requestCode(page: Page, phone: string): Promise<string> {
  await page.getByRole('button', { name: a('register.sendCode') }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  return latestCode(phone);
}

const OLD_FUND = 'fund13579';
const NEW_LOGIN = 'fresh24680';
const NEW_FUND = 'purse86420';

test('customer service opens a reset; the user sets a new login and fund password with SMS codes', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await registerByApi(`rst${Date.now().toString(36)}`);
  const me = await api<{ phone: string }>('/api/user/index', user.token);
  const phone = me.data.phone;

  // The user is logged in on this phone, and logs out.
  await useSession(page, user.token, 'en');
  await open(page, '/pages/user/user');
  await page.getByText(a('mine.menu.logout')).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: a('logout.confirm') })
    .click();
  await expect(page).toHaveURL(/#\/pages\/login\/login$/);

  // Forgot password, before customer service has opened anything: no code, and the reason under the phone.
  await page.getByRole('link', { name: a('login.forgot') }).click();
  await expect(page.getByRole('heading', { name: a('forgot.setTitle') })).toBeVisible();
  await expect(page.getByRole('link', { name: a('forgot.contact') })).toHaveAttribute(
    'href',
    '#/pages/customer/customer',
  );
  await expect(page.getByText(/temporary/i)).toHaveCount(0);
  const phoneField = page.getByLabel(a('form.phone'));
  await phoneField.fill(phone);
  await page.getByRole('button', { name: a('register.sendCode') }).click();
  await expect(page.getByText(e('password_reset_not_open'))).toBeVisible();
  await expect(phoneField).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  // Customer service checks the caller and opens a login reset; the user is told by SMS.
  const id = await userId(user.account);
  await openReset(id, 'login');
  expect(await smsTo(phone)).toContain(e('sms_reset_login_text'));

  // The user asks for a code again (the refusal goes), and sets the new password.
  const code = await requestCode(page, phone);
  await expect(phoneField).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(a('form.code')).fill(code);
  await page.getByLabel(a('password.new'), { exact: true }).fill(NEW_LOGIN);
  await page.getByLabel(a('password.confirm')).fill(NEW_LOGIN);
  await page.getByRole('button', { name: a('reset.submit') }).click();
  const done = page.getByTestId('reset-done');
  await expect(done.getByRole('heading', { name: a('reset.doneTitle') })).toBeVisible();
  await expect(done.getByText(a('reset.doneLogin'))).toBeVisible();
  await keepScreenshot(page, 'password-reset/forgot-done-en-390.png');
  expect(await seriousViolations(page)).toEqual([]);

  // The old session ended with the reset; the old password is refused; the new one logs in.
  expect((await api('/api/user/index', user.token)).code).toBe(401);
  await done.getByRole('link', { name: a('reset.login') }).click();
  await expect(page).toHaveURL(/#\/pages\/login\/login$/);
  await page.getByLabel(a('form.account')).fill(user.account);
  await page.getByLabel(a('form.password'), { exact: true }).fill(user.password);
  await page.getByRole('button', { name: a('login.submit') }).click();
  await expect(page.getByText(e('wrong_password'))).toBeVisible();
  await page.getByLabel(a('form.password'), { exact: true }).fill(NEW_LOGIN);
  await page.getByRole('button', { name: a('login.submit') }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/user$/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();

  // The fund password: the user sets one, forgets it; customer service opens a fund reset.
  await open(page, '/pages/user/security');
  const fundCell = page.getByRole('link', { name: a('security.fundPassword') });
  await fundCell.click();
  await page.getByLabel(a('password.newFund'), { exact: true }).fill(OLD_FUND);
  await page.getByLabel(a('password.confirmFund')).fill(OLD_FUND);
  await page.getByRole('button', { name: text('common', 'en', 'actions.save') }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/security$/);
  await openReset(id, 'fund');
  expect(await smsTo(phone)).toContain(e('sms_reset_fund_text'));
  await fundCell.click();
  await page.getByRole('link', { name: a('reset.fundForgot') }).click();
  await expect(page.getByRole('heading', { name: a('reset.fundSetTitle') })).toBeVisible();
  const fixedPhone = page.getByLabel(a('form.phone'));
  await expect(fixedPhone).toHaveValue(phone);
  await expect(fixedPhone).toHaveAttribute('readonly', '');
  expect(await seriousViolations(page)).toEqual([]);
  const fundCode = await requestCode(page, phone);
  await page.getByLabel(a('form.code')).fill(fundCode);
  await page.getByLabel(a('password.newFund'), { exact: true }).fill(NEW_FUND);
  await page.getByLabel(a('password.confirmFund')).fill(NEW_FUND);
  await page.getByRole('button', { name: a('reset.submitFund') }).click();
  await expect(page.getByRole('heading', { name: a('reset.doneFundTitle') })).toBeVisible();
  await keepScreenshot(page, 'password-reset/fund-done-en-390.png');
  await page.getByRole('button', { name: a('reset.done') }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/security$/);

  // The session stays; the old fund password is refused and the new one is the user's.
  const withOld = await api('/api/user/pwd_pay', token, {
    old_password: OLD_FUND,
    password: 'other97531',
    password_confirm: 'other97531',
  });
  expect(withOld.key).toBe('fund_password_wrong');
  const withNew = await api('/api/user/pwd_pay', token, {
    old_password: NEW_FUND,
    password: 'other97531',
    password_confirm: 'other97531',
  });
  expect(withNew.code, withNew.msg).toBe(200);

  // No operator answer ever held a password: not the search, the resets, the outbox, nor the audit trail.
  const audit = await operator<{ items: Array<{ action: string; target: string }> }>('alice', '/admin/audit?size=50');
  expect(audit.data.items.filter((i) => i.target === `user:${id}`).map((i) => i.action)).toEqual(
    expect.arrayContaining(['user.password_reset_open']),
  );
  expect(operatorAnswers).toHaveLength(6); // the search, two resets, two outbox reads, the audit trail
  for (const answer of operatorAnswers) {
    for (const password of [user.password, NEW_LOGIN, OLD_FUND, NEW_FUND]) expect(answer).not.toContain(password);
  }
});

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 360, height: 800 },
];

/** Saves the whole page at each width and checks the one thing a machine can judge: nothing wider than it. */
async function shoot(page: Page, name: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    // From the top, so the fixed nav bar is drawn where it belongs in the whole-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await keepScreenshot(page, `password-reset/${name}-${viewport.width}.png`, { fullPage: true });
  }
}

for (const lang of ['en', 'de', 'th', 'zh'] as const) {
  test(`the reset screens at 390 and 360 px (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);

    // Forgot password, both steps, with the server's refusal under the phone (no reset is open for it).
    await open(page, '/pages/login/forgetpwd');
    await expect(page.getByRole('heading', { name: a('forgot.setTitle', lang) })).toBeVisible();
    await page.getByLabel(a('form.phone', lang)).fill(uniquePhone());
    await page.getByLabel(a('form.code', lang)).fill('000000');
    await page.getByLabel(a('password.new', lang), { exact: true }).fill(NEW_LOGIN);
    await page.getByLabel(a('password.confirm', lang)).fill(NEW_LOGIN);
    await page.getByRole('button', { name: a('reset.submit', lang) }).click();
    await expect(page.getByText(e('password_reset_not_open', lang))).toBeVisible();
    await shoot(page, `forgot-${lang}`);

    // The fund reset of a logged-in user, with the form's own errors after an empty submit.
    await useSession(page, process.env.E2E_TOKEN!, lang);
    await open(page, '/pages/user/setfundpassword?forgot=1');
    await expect(page.getByRole('heading', { name: a('reset.fundSetTitle', lang) })).toBeVisible();
    await page.getByRole('button', { name: a('reset.submitFund', lang) }).click();
    await expect(page.getByText(e('enter_verification_code', lang))).toBeVisible();
    await shoot(page, `fund-${lang}`);
  });
}
