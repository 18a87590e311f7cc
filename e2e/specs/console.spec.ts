import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { AdminAuditList, AdminRechargeChannelList, RechargeInfo, RechargeRecord } from '@app/contracts';
import { settled } from '../support/axe.ts';
import { operatorAuth, sharedOperators } from '../support/operators.ts';
import { invitationTicket } from '../support/console-operator.ts';
import { repoRoot } from '../support/paths.ts';
import { registerByApi } from '../support/session.ts';
import { text } from '../support/texts.ts';
import { keepScreenshot } from '../support/screenshots.ts';

/**
 * The operator console (`/console/` on the admin port) at 1280x800, as operators use it: people invited by an
 * admin accept their invitation, choose a password, enrol an authenticator and save their recovery codes in the
 * console itself. Then four-eyes on a 20,000.00 U deposit (above the 10,000.00 U threshold) with two operators in
 * two browsers: the maker's approval holds it (nothing credited; their second approval is refused), a different
 * checker's credits it once. Beside it: one API token cannot approve twice under two declared names, a support
 * operator is neither offered nor allowed the deposits, and signing in needs the authenticator's code. A reloaded
 * page keeps its session (the CSRF token comes back from GET /admin/session). Screenshots in e2e/.tmp/.
 */

// otplib is the server's dependency (the authenticator codes a phone app would show): resolved from apps/server,
// as e2e/support/operators.ts reaches the server's own helper.
const requireFromServer = createRequire(path.join(repoRoot, 'apps/server/package.json'));
const { generate } = requireFromServer('otplib') as {
  generate: (options: { secret: string; epoch?: number }) => Promise<string>;
};

const DESKTOP = { width: 1280, height: 800 };
/** Above the default four-eyes threshold (10,000.00 U). */
const AMOUNT = '20000.00';

test.use({ viewport: DESKTOP });

const c = (key: string) => text('console', 'en', key);
const e = (key: string) => text('errors', 'en', key);
const consoleUrl = () => `${process.env.E2E_ADMIN_URL}/console/`;
const cents = (amount: string) => Math.round(Number(amount) * 100);
const password = (name: string) => `${name}-console-passphrase-7f3a`;
const shot = (page: Page, name: string) => keepScreenshot(page, `console-${name}.png`, { fullPage: true });

type Envelope<T> = { code: number; key: string; msg: string; data: T };

/** An operator API call with an operator's own API token (plus any header a script might add). */
async function operatorApi<T>(
  token: string,
  url: string,
  body?: object,
  headers: Record<string, string> = {},
): Promise<Envelope<T>> {
  const response = await fetch(`${process.env.E2E_ADMIN_URL}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      lang: 'en',
      ...operatorAuth(token),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as Envelope<T>;
}

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
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${url} answered ${answer.key}: ${answer.msg}`);
  return answer.data;
}

const available = async (token: string) =>
  cents((await userApi<{ cash: { available: string } }>('/api/user/assets', token)).cash.available);

/** An admin (alice, with her API token) invites an operator: the ticket lets them choose a password. */
async function invite(role: 'finance' | 'support' | 'admin', prefix: string) {
  const name = `${prefix}-${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  return { name, ticket: await invitationTicket(name, role, `e2e: the console spec's ${role} operator`) };
}

/** A browser of its own for one operator, at 1280x800; a page error fails the test. */
async function operatorPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * In the console: "I have an invitation", the ticket and a password; sign in; the enrolment screen's secret, read
 * as text, gives the first code (as an authenticator app would); the ten recovery codes, confirmed saved. Answers
 * the secret.
 */
async function joinThroughConsole(page: Page, operator: { name: string; ticket: string }): Promise<string> {
  await page.goto(consoleUrl());
  await page.getByRole('button', { name: c('signIn.haveInvitation') }).click();
  await expect(page.getByRole('heading', { name: c('accept.title') })).toBeVisible();
  await page.getByLabel(c('accept.ticket')).fill(operator.ticket);
  await page.getByLabel(c('accept.password')).fill(password(operator.name));
  await page.getByLabel(c('accept.repeat')).fill(password(operator.name));
  await page.getByRole('button', { name: c('accept.submit') }).click();

  await expect(page.getByText(c('signIn.passwordSet'))).toBeVisible();
  await expect(page.getByLabel(c('signIn.name'))).toHaveValue(operator.name);
  await page.getByLabel(c('signIn.password'), { exact: true }).fill(password(operator.name));
  await page.getByRole('button', { name: c('signIn.submit') }).click();

  await expect(page.getByRole('heading', { name: c('enrol.title') })).toBeVisible();
  const secret = (await page.getByTestId('enrol-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel(c('enrol.code')).fill(await generate({ secret }));
  await page.getByRole('button', { name: c('enrol.submit') }).click();

  // Ten argon2id hashes on a shared machine: the codes may take a while.
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10, { timeout: 60_000 });
  const proceed = page.getByRole('button', { name: c('recovery.continue') });
  await expect(proceed).toBeDisabled();
  await page.getByLabel(c('recovery.saved')).check();
  await proceed.click();
  await expect(page.getByTestId('who')).toContainText(operator.name);
  return secret;
}

/** A PNG of a bank app's "transfer successful" screen, drawn in a page of its own. */
async function transferScreenshot(browser: Browser, amount: string, note: string): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 420, height: 520 } });
  await page.setContent(`<body style="margin:0;font:16px sans-serif;background:#f2f4f7">
    <div style="margin:24px;padding:24px;background:#fff;border-radius:12px">
      <div style="color:#0a7d43;font-size:22px;font-weight:700">&#10003; Transfer successful</div>
      <div style="font-size:34px;font-weight:700;margin:16px 0">${amount}</div>
      <p>To: Demo Payee Ltd<br>Account: 6222 0000 1111 2222 333<br>Bank: Demo Bank</p>
      <p>From: Li Lei<br>Note: ${note}</p></div></body>`);
  const image = await page.screenshot({ type: 'png' });
  await page.close();
  return image;
}

/**
 * A channel whose limits allow the amount and that adds no bonus (so a credit is the amount exactly). If none
 * does, alice raises the bank channel's maximum through the operator API.
 */
async function channelFor(token: string, amount: string): Promise<number> {
  const fits = (ch: { min: string; max: string; bonus_pct: string }) =>
    cents(ch.min) <= cents(amount) && cents(ch.max) >= cents(amount) && Number(ch.bonus_pct) === 0;
  const info = await userApi<RechargeInfo>('/api/user/recharge', token);
  const found = info.channels.find((ch) => ch.kind === 'bank' && fits(ch)) ?? info.channels.find(fits);
  if (found) return found.id;

  const alice = sharedOperators().alice;
  const channels = await operatorApi<AdminRechargeChannelList>(alice, '/admin/recharge-channels');
  const bank = channels.data.items.find((ch) => ch.kind === 'bank' && ch.enabled && Number(ch.bonus_pct) === 0);
  if (!bank) throw new Error('no enabled bank channel without a bonus to raise');
  const raised = await operatorApi(alice, `/admin/recharge-channels/${bank.id}`, {
    reason: 'e2e: the console spec deposits above the four-eyes threshold',
    kind: bank.kind,
    name: bank.name,
    bank_name: bank.bank_name ?? undefined,
    account: bank.account ?? undefined,
    holder: bank.holder ?? undefined,
    min: bank.min,
    max: (cents(amount) / 100 + 10_000).toFixed(2),
    bonus_pct: bank.bonus_pct,
    enabled: true,
    sort: bank.sort,
  });
  expect(raised.code, raised.msg).toBe(200);
  // A higher maximum is held for a second operator (docs/operators.md): bob approves it.
  if (raised.key === 'change_proposed') {
    const pending = await operatorApi<{ items: Array<{ id: number; target: string }> }>(
      sharedOperators().bob,
      '/admin/held-changes?status=pending',
    );
    const held = pending.data.items.find((h) => h.target === `channel:${bank.id}`)!;
    const approved = await operatorApi(sharedOperators().bob, `/admin/held-changes/${held.id}/approve`, {
      reason: 'e2e: the higher maximum',
    });
    expect(approved.code, approved.msg).toBe(200);
  }
  return bank.id;
}

/** A recharge the user submits through the API, with its transfer screenshot. */
async function submitRecharge(token: string, image: Buffer, note: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'transfer.png');
  const upload = await userApi<{ id: string }>('/api/user/uploadfile', token, form);
  const record = await userApi<RechargeRecord>('/api/user/dorecharge', token, {
    channel_id: String(await channelFor(token, AMOUNT)),
    amount: AMOUNT,
    payer_name: 'Li Lei',
    transfer_note: note,
    upload_id: upload.id,
    key: randomBytes(12).toString('hex'),
  });
  expect(record.status).toBe(3);
  return { ...record, uploadId: upload.id };
}

/** The four-eyes threshold really is below the amount (another spec could have changed the settings). */
async function expectAboveThreshold() {
  const settings = await operatorApi<{ four_eyes_above: string }>(sharedOperators().alice, '/admin/wallet-settings');
  expect(settings.code, settings.msg).toBe(200);
  expect(cents(AMOUNT)).toBeGreaterThan(cents(settings.data.four_eyes_above));
}

/**
 * Opens a deposit of the queue in the console, read afresh (Refresh, as an operator does when another may have
 * acted since the list was shown); answers its detail region.
 */
async function openDeposit(page: Page, id: number) {
  await page.getByRole('link', { name: c('nav.deposits') }).click();
  await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/admin/deposits'),
    page.getByRole('button', { name: c('common.refresh') }).click(),
  ]);
  await page
    .getByTestId(`deposit-row-${id}`)
    .getByRole('button', { name: c('deposits.open').replace('{{id}}', String(id)) })
    .click();
  const detail = page.getByRole('region', { name: c('deposits.detailLabel') });
  await expect(
    detail.getByRole('heading', { name: c('deposits.detailTitle').replace('{{id}}', String(id)) }),
  ).toBeVisible();
  return detail;
}

/** The width of a loaded image; 0 until it has loaded (or when it failed to). */
const imageWidth = (image: Locator) => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

/** Approve, with a reason, in the reason dialog; answers the dialog (still open when the server refused). */
async function approve(page: Page, id: number, reason: string) {
  const detail = page.getByRole('region', { name: c('deposits.detailLabel') });
  await detail.getByRole('button', { name: c('deposits.approve') }).click();
  const dialog = page.getByRole('dialog', { name: c('deposits.confirm.approve').replace('{{id}}', String(id)) });
  await dialog.getByLabel(c('reason.label')).fill(reason);
  await dialog.getByRole('button', { name: c('deposits.approve') }).click();
  return dialog;
}

test('four-eyes in the console: the maker’s approval holds a 20,000.00 U deposit, a different checker’s credits it once', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  await expectAboveThreshold();
  const [maker, checker] = [await invite('finance', 'maker'), await invite('finance', 'checker')];
  const user = await registerByApi(`con${Date.now().toString(36)}`);
  const start = await available(user.token);
  const note = `E2E-${Date.now().toString(36).toUpperCase()}`;
  const deposit = await submitRecharge(user.token, await transferScreenshot(browser, '20,000.00', note), note);

  // Each operator in a browser of their own joins through the console.
  const a = await operatorPage(browser);
  const b = await operatorPage(browser);
  await joinThroughConsole(a.page, maker);
  await joinThroughConsole(b.page, checker);

  // ---- the maker, on a reloaded page: the session and its CSRF token come back, no second sign-in ----
  await a.page.reload();
  await expect(a.page.getByTestId('who')).toContainText(maker.name);
  await expect(a.page.getByRole('heading', { name: c('signIn.title') })).toHaveCount(0);

  const screenshotRead = a.page.waitForResponse((r) => r.url().includes(`/admin/uploads/${deposit.uploadId}`));
  let detail = await openDeposit(a.page, deposit.id);
  const image = detail.getByTestId('deposit-screenshot');
  const reason = `review of deposit ${deposit.reference_code}`;
  await expect(image).toHaveAttribute(
    'src',
    `/admin/uploads/${encodeURIComponent(deposit.uploadId)}?reason=${encodeURIComponent(reason)}`,
  );
  expect((await screenshotRead).status()).toBe(200);
  await expect.poll(() => imageWidth(image)).toBeGreaterThan(0);
  await expect(detail).toContainText('20,000.00 U');
  await expect(detail).toContainText(deposit.reference_code);

  let dialog = await approve(a.page, deposit.id, 'matches the bank statement line');
  await expect(dialog).toHaveCount(0);
  await expect(
    detail
      .getByRole('status')
      .filter({ hasText: c('deposits.outcome.waiting_for_second').replace('{{id}}', String(deposit.id)) }),
  ).toBeVisible();
  await expect(detail.getByTestId('first-approved-by')).toHaveText(maker.name);
  await expect(a.page.getByTestId(`deposit-row-${deposit.id}`)).toContainText(c('deposits.approvedByMe'));
  expect(await available(user.token)).toBe(start);
  await settled(a.page);
  await shot(a.page, 'maker-held');

  // ---- the maker again, after another reload: the server refuses the same operator's second approval ----
  await a.page.reload();
  detail = await openDeposit(a.page, deposit.id);
  await expect(detail.getByText(c('deposits.waitingForSecond'))).toBeVisible();
  dialog = await approve(a.page, deposit.id, 'approving it a second time');
  await expect(dialog.getByRole('alert')).toHaveText(e('second_operator_required'));
  await dialog.getByRole('button', { name: c('common.cancel') }).click();
  await expect(a.page.getByTestId('who')).toContainText(maker.name);
  expect(await available(user.token)).toBe(start);

  // ---- the checker, in the other browser: their approval credits it ----
  detail = await openDeposit(b.page, deposit.id);
  await expect(detail.getByText(c('deposits.secondApproval').replace('{{name}}', maker.name))).toBeVisible();
  dialog = await approve(b.page, deposit.id, 'second check: statement and screenshot agree');
  await expect(dialog).toHaveCount(0);
  // It leaves the queue; the detail stays, credited, with nothing more to decide.
  await expect(b.page.getByTestId(`deposit-row-${deposit.id}`)).toHaveCount(0);
  await expect(
    detail
      .getByRole('status')
      .filter({ hasText: c('deposits.outcome.credited').replace('{{id}}', String(deposit.id)) }),
  ).toBeVisible();
  await expect(detail.getByText(c('deposits.status1'), { exact: true })).toBeVisible();
  await expect(detail).toContainText(deposit.reference_code);
  await expect(detail.getByRole('button', { name: c('deposits.approve') })).toHaveCount(0);
  expect(await available(user.token)).toBe(start + cents(AMOUNT));
  await expect.poll(() => imageWidth(detail.getByTestId('deposit-screenshot'))).toBeGreaterThan(0);
  await settled(b.page);
  await shot(b.page, 'checker-credited');

  // A reload of the queue: the deposit is gone from it, and the balance rose once.
  await b.page.reload();
  await expect(b.page.getByRole('heading', { name: c('deposits.title') })).toBeVisible();
  await expect(
    b.page
      .getByRole('button', { name: /Open deposit #/ })
      .first()
      .or(b.page.getByText(c('deposits.empty'))),
  ).toBeVisible();
  await expect(b.page.getByTestId(`deposit-row-${deposit.id}`)).toHaveCount(0);
  expect(await available(user.token)).toBe(start + cents(AMOUNT));
  const record = await userApi<{ items: RechargeRecord[] }>(`/api/user/recharge_record?id=${deposit.id}`, user.token);
  expect(record.items[0]?.status).toBe(1);

  // The audit log, by the names of the sessions: the screenshot read with its reason, the two approvals.
  const audit = await operatorApi<AdminAuditList>(sharedOperators().alice, '/admin/audit?size=500');
  const entries = audit.data.items.filter(
    (item) => item.target === `deposit:${deposit.id}` || item.target === `upload:${deposit.uploadId}`,
  );
  expect(entries.some((i) => i.action === 'upload.read' && i.operator === maker.name && i.reason === reason)).toBe(
    true,
  );
  expect(entries.filter((i) => i.action === 'deposit.approve_first').map((i) => i.operator)).toEqual([maker.name]);
  expect(entries.filter((i) => i.action === 'deposit.approve').map((i) => i.operator)).toEqual([checker.name]);

  expect(a.errors).toEqual([]);
  expect(b.errors).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test('one API token cannot be two operators: a second approval under another declared name is refused', async ({
  browser,
}) => {
  await expectAboveThreshold();
  const { fay, finn } = sharedOperators();
  const user = await registerByApi(`tok${Date.now().toString(36)}`);
  const start = await available(user.token);
  const note = `E2E-TOKEN-${Date.now().toString(36).toUpperCase()}`;
  const deposit = await submitRecharge(user.token, await transferScreenshot(browser, '20,000.00', note), note);

  const first = await operatorApi<RechargeRecord>(
    fay,
    `/admin/deposits/${deposit.id}/approve`,
    { reason: 'first approval' },
    { 'x-operator': 'fay' },
  );
  expect(first.code, first.msg).toBe(200);
  expect(first.data.status).toBe(3);
  // The same token, naming someone else: the name comes from the token, so it is the same operator again.
  const second = await operatorApi(
    fay,
    `/admin/deposits/${deposit.id}/approve`,
    { reason: 'second approval' },
    { 'x-operator': 'finn' },
  );
  expect(second.key).toBe('second_operator_required');
  expect(await available(user.token)).toBe(start);

  // Finn's own token is a different operator: that approval credits it.
  const byFinn = await operatorApi<RechargeRecord>(finn, `/admin/deposits/${deposit.id}/approve`, {
    reason: 'second approval by another operator',
  });
  expect(byFinn.code, byFinn.msg).toBe(200);
  expect(byFinn.data.status).toBe(1);
  expect(await available(user.token)).toBe(start + cents(AMOUNT));
});

test('a support operator is neither offered nor allowed the deposits; signing in needs the authenticator’s code', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const support = await invite('support', 'support');
  const s = await operatorPage(browser);
  const secret = await joinThroughConsole(s.page, support);

  // The sections a support operator has: no Deposits (nor Withdrawals), even by address.
  const nav = s.page.getByRole('navigation', { name: c('nav.label') });
  await expect(nav.getByRole('link', { name: c('nav.users') })).toBeVisible();
  expect(await nav.getByRole('link').allInnerTexts()).not.toContain(c('nav.deposits'));
  expect(await nav.getByRole('link').allInnerTexts()).not.toContain(c('nav.withdrawals'));
  await s.page.goto(`${consoleUrl()}#/deposits`);
  // The first section a support operator has (docs/operators.md) is the real-name queue.
  await expect(s.page).toHaveURL(/#\/kyc$/);
  await expect(s.page.getByRole('heading', { name: c('deposits.title') })).toHaveCount(0);

  // The session itself is refused a finance act.
  const refused = await s.page.evaluate(async () => {
    const response = await fetch('/admin/deposits?status=3&page=1&size=50', { headers: { lang: 'en' } });
    return { status: response.status, body: (await response.json()) as { key: string; msg: string } };
  });
  expect(refused).toEqual({ status: 403, body: expect.objectContaining({ key: 'permission_denied' }) });
  expect(refused.body.msg).toBe(e('permission_denied'));

  // ---- signing in again: the right password with a wrong code, then with none ----
  await s.page.getByRole('button', { name: c('nav.signOut') }).click();
  await expect(s.page.getByRole('heading', { name: c('signIn.title') })).toBeVisible();
  const codeField = s.page.getByLabel(c('signIn.code'));
  const signIn = async (code: string) => {
    await s.page.getByLabel(c('signIn.name')).fill(support.name);
    await s.page.getByLabel(c('signIn.password'), { exact: true }).fill(password(support.name));
    await codeField.fill(code);
    await s.page.getByRole('button', { name: c('signIn.submit') }).click();
  };

  // A code no step around now would accept (the server allows one step either side).
  const now = Math.floor(Date.now() / 1000);
  const near = await Promise.all([-60, -30, 0, 30, 60].map((d) => generate({ secret, epoch: now + d })));
  const wrong = ['000000', '111111', '222222', '333333', '444444', '555555'].find((code) => !near.includes(code))!;
  await signIn(wrong);
  await expect(s.page.getByRole('alert')).toHaveText(e('verification_failed'));
  await expect(s.page.getByTestId('who')).toHaveCount(0);

  await signIn('');
  await expect(s.page.getByRole('alert')).toHaveText(e('enter_verification_code'));
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(s.page.getByRole('heading', { name: c('signIn.title') })).toBeVisible();
  await expect(s.page.getByTestId('who')).toHaveCount(0);

  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('an admin invites an operator and makes an API token in the console, each shown once, and both work', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await operatorPage(browser);
  await joinThroughConsole(admin.page, await invite('admin', 'admin'));
  const { page } = admin;

  // ---- Operators: a finance invitation is held for a second admin; its maker never sees the ticket ----
  await page.getByRole('link', { name: c('nav.operators') }).click();
  const mine = `fin-${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  await page.locator('#invite-name').fill(mine);
  await page.locator('#invite-role').selectOption('finance');
  await page.locator('#invite-reason').fill('joins the finance desk');
  await page.getByRole('button', { name: c('operators.sendInvite'), exact: true }).click();
  await expect(page.getByTestId('invite-proposed')).toBeVisible();
  await expect(page.getByTestId('invitation-ticket')).toHaveCount(0);
  const held = page.getByTestId('held-changes').locator('[data-testid^="held-change-"]', { hasText: mine });
  await expect(held.getByRole('button', { name: c('heldChanges.withdraw') })).toBeVisible();
  await expect(held.getByRole('button', { name: c('heldChanges.approve') })).toHaveCount(0);
  await settled(page);
  await shot(page, 'invitation-held');

  // ---- Another admin's invitation, approved here: the ticket is shown once, to the approver ----
  const name = `fin-${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const proposed = await operatorApi<{ held: { id: number } }>(sharedOperators().alice, '/admin/operators', {
    name,
    role: 'finance',
    reason: 'joins the finance desk',
  });
  expect(proposed.key).toBe('change_proposed');
  const theirs = page.getByTestId(`held-change-${proposed.data.held.id}`);
  await page.reload();
  await theirs.getByRole('button', { name: c('heldChanges.approve') }).click();
  await page.getByTestId('reason-dialog').getByLabel(c('reason.label')).fill('the desk needs them');
  await page
    .getByTestId('reason-dialog')
    .getByRole('button', { name: c('heldChanges.approve') })
    .click();
  const ticketDialog = page.getByTestId('invitation-ticket');
  const ticket = (await ticketDialog.getByTestId('shown-once-secret').innerText()).trim();
  await ticketDialog.getByRole('checkbox').check();
  await ticketDialog.getByRole('button', { name: c('common.done') }).click();
  await expect(ticketDialog).toHaveCount(0);
  await expect(page.getByText(ticket)).toHaveCount(0);
  const invited = await operatorPage(browser);
  await joinThroughConsole(invited.page, { name, ticket });

  // ---- My API tokens: shown once, and it acts as the admin on the operator API ----
  await page.getByRole('link', { name: c('nav.tokens') }).click();
  await page.locator('#token-label').fill('ops cli');
  await page.locator('#token-reason').fill('for pnpm ops');
  await page.getByRole('button', { name: c('tokens.createSubmit') }).click();
  const once = page.getByTestId('token-once');
  const token = (await once.getByTestId('shown-once-secret').innerText()).trim();
  expect(token).toMatch(/^opk_/);
  await once.getByRole('checkbox').check();
  await once.getByRole('button', { name: c('common.done') }).click();
  await expect(page.getByText(token)).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'ops cli' })).toBeVisible();
  const operators = await operatorApi<{ items: Array<{ name: string }> }>(token, '/admin/operators');
  expect(operators.code, operators.msg).toBe(200);
  expect(operators.data.items.map((operator) => operator.name)).toContain(name);

  expect([...admin.errors, ...invited.errors]).toEqual([]);
  await Promise.all([admin.context.close(), invited.context.close()]);
});
