/**
 * The operator console in a real browser against a real server: sign-in and enrolment, invitations, API tokens,
 * the deposits queue with four-eyes approval, in English and Simplified Chinese, at 1280x800 (desktop) and
 * 820x1180 (tablet). It starts nothing itself and writes screenshots to look at.
 *
 * How to run it (from the repository root):
 *
 *   pnpm --filter @app/console build                      # the console's files (the server serves them)
 *   DATA_DIR=$(mktemp -d) ADMIN_TOKEN=console-e2e-shared-token-0123456789 pnpm start
 *        # or, without building the phone web app:  (cd apps/server && DATA_DIR=… ADMIN_TOKEN=… npx tsx src/server.ts)
 *   ADMIN_TOKEN=console-e2e-shared-token-0123456789 pnpm --filter @app/console e2e
 *
 * The server must be new (an empty DATA_DIR): the script bootstraps the first admin with ADMIN_TOKEN, as
 * docs/operators.md does, and goes on through the console's own screens (the other operators are invited and
 * enrolled there). Deposits come from the demo user the server seeds (SEED_DEMO, on by default) through the
 * public API. Environment: CONSOLE_URL (the operator port, default http://127.0.0.1:8081), API_URL (the public
 * port, default http://127.0.0.1:8080), ADMIN_TOKEN (required), SHOTS (default apps/console/.tmp/screenshots),
 * CHROMIUM (default /usr/bin/chromium).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { chromium, type Browser, type Page } from 'playwright-core';

const CONSOLE_URL = process.env.CONSOLE_URL ?? 'http://127.0.0.1:8081';
const API_URL = process.env.API_URL ?? 'http://127.0.0.1:8080';
const ADMIN_TOKEN = process.env.ADMIN_TOKEN ?? '';
const SHOTS = path.resolve(
  process.env.SHOTS ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../.tmp/screenshots'),
);
const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 820, height: 1180 };
const password = (name: string) => `${name}-console-passphrase-7f3a`;

function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${what}`);
}

/** The same screen at both sizes: name-desktop.png and name-tablet.png. */
async function shots(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`) });
  await page.setViewportSize(TABLET);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}-tablet.png`) });
  await page.setViewportSize(DESKTOP);
  console.log(`  screenshot ${name}`);
}

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; key: string; data: T };
  if (answer.code !== 200) throw new Error(`${url} answered ${answer.key}`);
  return answer.data;
}

/** The demo user's deposits under review: a transfer screenshot (drawn here) used twice, so one is flagged. */
async function seedDeposits(browser: Browser) {
  const login = await fetch(`${API_URL}/api/login/index`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: 'demo', password: 'demo1234' }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  check(token, 'the demo user signs in (is SEED_DEMO on?)');

  const page = await browser.newPage({ viewport: { width: 420, height: 640 } });
  await page.setContent(`<body style="margin:0;font:16px sans-serif;background:#f2f4f7">
    <div style="margin:24px;padding:24px;background:#fff;border-radius:12px">
      <div style="color:#0a7d43;font-size:22px;font-weight:700">✓ Transfer successful</div>
      <div style="font-size:34px;font-weight:700;margin:16px 0">20,000.00</div>
      <p>To: Demo Payee Ltd<br/>Account: 6222 0000 1111 2222 333<br/>Bank: Demo Bank</p>
      <p>From: Li Lei<br/>Note: DEMO-E2E<br/>Time: 2026-11-25 14:02</p></div></body>`);
  const image = await page.screenshot({ type: 'png' });
  await page.close();

  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'transfer.png');
  const uploaded = await fetch(`${API_URL}/api/user/uploadfile`, { method: 'POST', headers: { token }, body: form });
  const upload = ((await uploaded.json()) as { data: { id: string } }).data.id;
  check(upload, 'the transfer screenshot uploads');

  const info = await fetch(`${API_URL}/api/user/recharge`, { headers: { token } });
  const channels = ((await info.json()) as { data: { channels: { id: number; kind: string }[] } }).data.channels;
  const bank = channels.find((c) => c.kind === 'bank') ?? channels[0];
  check(bank, 'a recharge channel exists');

  for (const [amount, note] of [
    ['20000.00', 'DEMO-E2E'],
    ['500.00', 'lunch money'],
  ] as const) {
    const made = await fetch(`${API_URL}/api/user/dorecharge`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        channel_id: String(bank.id),
        amount,
        payer_name: 'Li Lei',
        transfer_note: note,
        upload_id: upload,
        key: randomBytes(12).toString('hex'),
      }),
    });
    const answer = (await made.json()) as { code: number; key: string };
    check(answer.code === 200, `the deposit of ${amount} is submitted (${answer.key})`);
  }
}

async function enrol(page: Page) {
  const secret = (await page.getByTestId('enrol-secret').innerText()).replace(/\s+/g, '');
  await page.locator('#enrol-code').fill(await generate({ secret }));
  await page.locator('form[aria-label] button[type=submit]').click();
  await page.getByTestId('recovery-codes').waitFor();
  const codes = await page.getByTestId('recovery-codes').locator('li').count();
  check(codes === 10, 'ten recovery codes are shown');
}

async function main() {
  check(ADMIN_TOKEN, 'ADMIN_TOKEN is set');
  await mkdir(SHOTS, { recursive: true });
  console.log(`console e2e against ${CONSOLE_URL}; screenshots in ${SHOTS}`);

  // The first admin, with the shared token (docs/operators.md step 1).
  await post(
    `${CONSOLE_URL}/admin/operators/bootstrap`,
    { name: 'root', password: password('root') },
    { authorization: `Bearer ${ADMIN_TOKEN}` },
  );

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    // ---- root, in English: sign-in, enrolment, recovery codes ----
    const rootContext = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const root = await rootContext.newPage();
    root.on('pageerror', (error) => console.error('page error:', error.message));
    await root.goto(`${CONSOLE_URL}/console/`);
    await root.getByRole('heading', { name: 'Sign in' }).waitFor();
    await shots(root, 'sign-in-en');

    await root.getByLabel('Operator name').fill('root');
    await root.getByLabel('Password').fill(password('root'));
    await root.getByRole('button', { name: 'Sign in' }).click();
    await root.getByRole('heading', { name: 'Set up your authenticator' }).waitFor();
    await shots(root, 'enrolment-en');
    await enrol(root);
    await shots(root, 'recovery-codes-en');
    await root.getByLabel('I saved the recovery codes').check();
    await root.getByRole('button', { name: 'Continue to the console' }).click();
    await root.getByTestId('who').waitFor();

    // ---- operators: invite two finance operators; the ticket is shown once ----
    await root.getByRole('link', { name: 'Operators' }).click();
    const tickets: Record<string, string> = {};
    for (const name of ['fay', 'finn']) {
      await root.locator('#invite-name').fill(name);
      await root.locator('#invite-role').selectOption('finance');
      await root.locator('#invite-reason').fill('joins the finance desk');
      await root.getByRole('button', { name: 'Invite', exact: true }).click();
      const dialog = root.getByTestId('invitation-ticket');
      await dialog.waitFor();
      tickets[name] = (await dialog.getByTestId('shown-once-secret').innerText()).trim();
      if (name === 'fay') await shots(root, 'operators-invitation-en');
      await dialog.getByRole('checkbox').check();
      await dialog.getByRole('button', { name: 'Done' }).click();
    }
    await root.getByTestId('operator-row-finn').waitFor();
    await shots(root, 'operators-en');

    // ---- my API tokens: one for the CLI, shown once ----
    await root.getByRole('link', { name: 'My API tokens' }).click();
    await root.locator('#token-label').fill('ops cli');
    await root.locator('#token-reason').fill('for pnpm ops');
    await root.getByRole('button', { name: 'Make token' }).click();
    const once = root.getByTestId('token-once');
    await once.waitFor();
    check((await once.getByTestId('shown-once-secret').innerText()).startsWith('opk_'), 'the token is shown');
    await shots(root, 'token-made-en');
    await once.getByRole('checkbox').check();
    await once.getByRole('button', { name: 'Done' }).click();

    // ---- deposits: the queue with its detail; a first approval waits for a second operator ----
    await seedDeposits(browser);
    await root.getByRole('link', { name: 'Deposits' }).click();
    await root
      .getByRole('button', { name: /Open deposit #/ })
      .first()
      .waitFor();
    const big = root.locator('tr', { hasText: '20,000.00' }).getByRole('button', { name: /Open deposit #/ });
    await big.click();
    await root.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid=deposit-screenshot]');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    await shots(root, 'deposits-detail-en');
    await root.getByRole('button', { name: 'Enlarge the screenshot' }).click();
    await shots(root, 'deposits-zoom-en');
    await root.getByRole('button', { name: 'Close' }).click();

    await root.getByRole('region', { name: 'Deposit detail' }).getByRole('button', { name: 'Approve' }).click();
    let dialog = root.getByTestId('reason-dialog');
    await dialog.getByLabel('Reason (kept in the audit log)').fill('matches the bank statement');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await root.getByText('Nothing is credited until a different operator approves it too', { exact: false }).waitFor();
    await root.getByTestId('first-approved-by').filter({ hasText: 'root' }).waitFor();
    await shots(root, 'deposits-first-approval-en');

    await root.getByRole('region', { name: 'Deposit detail' }).getByRole('button', { name: 'Approve' }).click();
    dialog = root.getByTestId('reason-dialog');
    await dialog.getByLabel('Reason (kept in the audit log)').fill('approving again');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByRole('alert').waitFor();
    console.log(`  a second approval by root is refused: "${await dialog.getByRole('alert').innerText()}"`);
    await shots(root, 'deposits-second-refused-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // ---- the other lists: an empty withdrawals queue; a user to lock, with its reason ----
    await root.getByRole('link', { name: 'Withdrawals' }).click();
    await root.getByText('No withdrawal is waiting for review.').waitFor();
    await shots(root, 'withdrawals-empty-en');
    await root.getByRole('link', { name: 'Users' }).click();
    await root.getByTestId('user-row-1').getByRole('button', { name: 'Lock' }).click();
    await root.getByTestId('reason-dialog').waitFor();
    await shots(root, 'users-lock-dialog-en');
    await root.getByTestId('reason-dialog').getByRole('button', { name: 'Cancel' }).click();
    await root.getByRole('link', { name: 'Deposits' }).click();
    await root.locator('tr', { hasText: '20,000.00' }).getByRole('button').click();

    // ---- the same screens in Chinese ----
    await root.getByTestId('language-switch').selectOption('zh');
    await root.getByRole('heading', { name: '充值审核' }).waitFor();
    await shots(root, 'deposits-detail-zh');
    await root.getByRole('link', { name: '操作员' }).click();
    await root.getByTestId('operator-row-fay').waitFor();
    await shots(root, 'operators-zh');
    await root.getByRole('link', { name: '用户' }).click();
    await root.getByTestId('user-row-1').waitFor();
    await shots(root, 'users-zh');

    // ---- fay, in Chinese: accepts the invitation, enrols, and gives the second approval ----
    const fayContext = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const fay = await fayContext.newPage();
    fay.on('pageerror', (error) => console.error('page error:', error.message));
    await fay.goto(`${CONSOLE_URL}/console/`);
    await fay.getByRole('heading', { name: '登录' }).waitFor();
    await shots(fay, 'sign-in-zh');
    await fay.getByRole('button', { name: '我有邀请' }).click();
    await fay.locator('#accept-ticket').fill(tickets.fay ?? '');
    await fay.locator('#accept-password').fill(password('fay'));
    await fay.locator('#accept-repeat').fill(password('fay'));
    await fay.getByRole('button', { name: '设置密码' }).click();
    await fay.getByText('密码已设置').waitFor();
    await fay.locator('#signin-password').fill(password('fay'));
    await fay.locator('form button[type=submit]').click();
    await fay.getByRole('heading', { name: '设置身份验证器' }).waitFor();
    await shots(fay, 'enrolment-zh');
    await enrol(fay);
    await fay.getByRole('checkbox').check();
    await fay.getByRole('button', { name: '进入控制台' }).click();
    await fay.getByRole('heading', { name: '充值审核' }).waitFor();
    const navLinks = await fay.getByRole('navigation').getByRole('link').allInnerTexts();
    check(!navLinks.includes('操作员'), 'a finance operator has no Operators section');
    await fay.locator('tr', { hasText: '20,000.00' }).getByRole('button').click();
    await fay.getByText('root 已首先批准', { exact: false }).waitFor();
    await fay.getByRole('region', { name: '充值详情' }).getByRole('button', { name: '批准' }).click();
    const second = fay.getByTestId('reason-dialog');
    await second.getByRole('textbox').fill('二次确认：与银行流水一致');
    await second.getByRole('button', { name: '批准' }).click();
    await fay.getByText('已批准并入账', { exact: false }).waitFor();
    await shots(fay, 'deposits-credited-zh');

    // ---- signing out returns to sign-in ----
    await fay.getByRole('button', { name: '退出登录' }).click();
    await fay.getByRole('heading', { name: '登录' }).waitFor();
    console.log('console e2e: every step passed');
  } catch (error) {
    // What the pages showed when a step failed, to look at.
    for (const [index, context] of browser.contexts().entries())
      for (const [n, page] of context.pages().entries())
        await page.screenshot({ path: path.join(SHOTS, `failure-${index}-${n}.png`) }).catch(() => undefined);
    throw error;
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
