import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { AdminAuditList, SupportConversation } from '@app/contracts';
import { settled } from '../support/axe.ts';
import { operatorAuth, sharedOperators } from '../support/operators.ts';
import { invitationTicket } from '../support/console-operator.ts';
import { latestCode, uniquePhone } from '../support/outbox.ts';
import { repoRoot } from '../support/paths.ts';
import { registerByApi } from '../support/session.ts';
import { text, type Lang } from '../support/texts.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { residentId } from '../support/identity.ts';

/**
 * The console's queues with a real support operator signed in (a console session, not a token): one real-name
 * review whose document number is shown in clear only after a reason, the showing audited; one support answer
 * that the user then reads in the app. Then the app's logged-out customer service at 390x844: a visitor proves
 * a phone by SMS code, writes, and reads the operator's answer. Screenshots in e2e/.tmp/.
 */

const requireFromServer = createRequire(path.join(repoRoot, 'apps/server/package.json'));
const { generate } = requireFromServer('otplib') as { generate: (o: { secret: string }) => Promise<string> };

const c = (key: string, lang: 'en' | 'zh' = 'en') => text('console', lang, key);
const a = (key: string, lang: Lang = 'en') => text('account', lang, key);
const admin = () => process.env.E2E_ADMIN_URL!;
const shot = (page: Page, name: string) => keepScreenshot(page, `console-queues-${name}.png`, { fullPage: true });

type Envelope<T> = { code: number; key: string; msg: string; data: T };

async function adminCall<T>(url: string, init: { body?: object; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${admin()}${url}`, {
    method: init.body ? 'POST' : 'GET',
    headers: { lang: 'en', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { response, body: (await response.json()) as Envelope<T> };
}

async function userApi<T>(url: string, token: string, body?: Record<string, string>): Promise<T> {
  const response = await fetch(`${process.env.E2E_API_URL}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: { lang: 'en', token, ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: body ? new URLSearchParams(body).toString() : undefined,
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${url} answered ${answer.key}: ${answer.msg}`);
  return answer.data;
}

/** An operator invited by the admin, who signs in with password and authenticator: a session cookie. */
async function supportOperator(role: 'support' | 'admin' = 'support'): Promise<{ name: string; cookie: string }> {
  const name = `${role === 'support' ? 'desk' : 'boss'}${Date.now().toString(36)}`;
  const ticket = await invitationTicket(name, role, 'customer service desk');
  const password = `${name}-a-long-passphrase-for-the-desk`;
  await adminCall('/admin/session/accept', { body: { ticket, password } });
  const login = await adminCall<{ enrolment: { ticket: string; secret: string } }>('/admin/session/login', {
    body: { name, password },
  });
  const enrolled = await adminCall('/admin/session/enrol', {
    body: {
      ticket: login.body.data.enrolment.ticket,
      code: await generate({ secret: login.body.data.enrolment.secret }),
    },
  });
  expect(enrolled.body.code).toBe(200);
  const cookie = enrolled.response.headers.getSetCookie().find((s) => s.startsWith('op_session='))!;
  return { name, cookie: cookie.split(';')[0]!.slice('op_session='.length) };
}

async function consolePage(browser: Browser, session: string, lang: 'en' | 'zh', width = 1280) {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    locale: lang === 'zh' ? 'zh-CN' : 'en-US',
  });
  const url = new URL(admin());
  await context.addCookies([{ name: 'op_session', value: session, domain: url.hostname, path: '/', httpOnly: true }]);
  await context.addInitScript((l) => localStorage.setItem('console.lang', l), lang);
  const page = await context.newPage();
  return { context, page };
}

test('a real-name review with an audited document view, and a support answer the user reads in the app', async ({
  browser,
}) => {
  const desk = await supportOperator();
  const user = await registerByApi(`kyc${Date.now().toString(36)}`);
  const number = residentId();
  await userApi('/api/user/certification', user.token, { real_name: '王五', id_number: number });
  await userApi('/api/user/service', user.token, { body: 'My deposit is not there yet' });

  const { context, page } = await consolePage(browser, desk.cookie, 'en');
  await page.goto(`${admin()}/console/#/kyc`);
  const row = page.getByRole('row').filter({ hasText: user.account });
  await row.getByRole('button').first().click();
  const detail = page.getByRole('region', { name: c('kyc.detailLabel'), exact: true });
  await expect(detail.getByTestId('kyc-number')).not.toHaveText(number);
  await detail.getByRole('button', { name: c('kyc.showDocument') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(c('reason.label')).fill('compare with the photo on file');
  await dialog.getByRole('button', { name: c('kyc.showDocument') }).click();
  await expect(detail.getByTestId('kyc-number')).toHaveText(number);
  await shot(page, 'kyc-en-1280');

  // The showing is in the audit log with who and why, and the number is not.
  const audit = await adminCall<AdminAuditList>(`/admin/audit?action=kyc.document.read&operator=${desk.name}`, {
    headers: operatorAuth(sharedOperators().alice),
  });
  expect(audit.body.data.items[0]).toMatchObject({ operator: desk.name, reason: 'compare with the photo on file' });
  expect(JSON.stringify(audit.body.data.items)).not.toContain(number);

  await detail.getByRole('button', { name: c('kyc.approve') }).click();
  await dialog.getByLabel(c('reason.label')).fill('document and name match');
  await dialog.getByRole('button', { name: c('kyc.approve') }).click();
  await expect(detail.getByText(c('kyc.state.approved'))).toBeVisible();

  // Support: the user's conversation, answered in the console.
  await page.goto(`${admin()}/console/#/support`);
  await page.getByRole('row').filter({ hasText: user.account }).getByRole('button').first().click();
  const thread = page.getByRole('region', { name: c('support.detailLabel'), exact: true });
  await expect(thread.getByText('My deposit is not there yet')).toBeVisible();
  await thread.getByLabel(c('support.reply')).fill('It was credited a minute ago.');
  await thread.getByRole('button', { name: c('support.send') }).click();
  await expect(thread.getByTestId('support-thread').getByText('It was credited a minute ago.')).toBeVisible();
  await shot(page, 'support-en-1280');
  const seen = await userApi<SupportConversation>('/api/user/service', user.token);
  expect(seen.items.map((m) => m.body)).toContain('It was credited a minute ago.');

  // The other screens at 1280 and 820, in English and Chinese, each with something waiting in it.
  const next = await registerByApi(`kyd${Date.now().toString(36)}`);
  await userApi('/api/user/certification', next.token, { real_name: '赵六', id_number: residentId() });
  await userApi('/api/user/service', next.token, { body: '我的提现什么时候到账？' });
  for (const lang of ['en', 'zh'] as const)
    for (const width of [1280, 820]) {
      const other = await consolePage(browser, desk.cookie, lang, width);
      for (const section of ['kyc', 'support']) {
        await other.page.goto(`${admin()}/console/#/${section}`);
        await expect(other.page.getByRole('heading', { level: 1 })).toHaveText(
          c(section === 'kyc' ? 'kyc.title' : 'support.title', lang),
        );
        await other.page.getByRole('row').filter({ hasText: next.account }).getByRole('button').first().click();
        await expect(
          other.page.getByRole('region', { name: c(`${section}.detailLabel`, lang), exact: true }),
        ).toContainText(`· ${next.account}`);
        await settled(other.page);
        await shot(other.page, `${section}-${lang}-${width}`);
      }
      await other.context.close();
    }
  await context.close();
});

test('a logged-out visitor proves a phone by SMS code, writes to customer service and reads the answer', async ({
  page,
}) => {
  const phone = uniquePhone();
  await page.goto(`${process.env.E2E_BASE_URL}/#/pages/customer/customer`);
  const verify = page.getByTestId('guest-support-verify');
  await verify.getByLabel(a('form.phone')).fill(phone);
  await verify.getByRole('button', { name: a('register.sendCode') }).click();
  await verify.getByLabel(a('form.code')).fill(await latestCode(phone));
  await shot(page, 'guest-verify-en-390');
  await verify.getByRole('button', { name: a('support.guest.verify') }).click();
  await expect(page.getByTestId('guest-support')).toBeVisible();
  await page.getByLabel(a('support.messageLabel')).fill('I forgot my password, please help');
  await page.getByRole('button', { name: a('support.send') }).click();
  await expect(page.getByTestId('support-thread').getByText('I forgot my password, please help')).toBeVisible();

  // In the console's queue: a logged-out conversation, its phone verified; an operator answers.
  const sam = operatorAuth(sharedOperators().sam);
  const queue = await adminCall<{ items: { id: number; phone: string | null; phone_verified: boolean }[] }>(
    '/admin/support/conversations?state=open&size=200',
    { headers: sam },
  );
  const conversation = queue.body.data.items.find((i) => i.phone === phone)!;
  expect(conversation.phone_verified).toBe(true);
  await adminCall(`/admin/support/conversations/${conversation.id}/reply`, {
    body: { body: 'We can open a password reset for you.' },
    headers: sam,
  });
  await page.reload();
  await expect(page.getByText('We can open a password reset for you.')).toBeVisible();
  await shot(page, 'guest-thread-en-390');

  // The verify form in four languages at 390 and 360 px wide.
  for (const lang of ['en', 'de', 'th', 'zh'] as const)
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      await page.evaluate((l) => {
        sessionStorage.clear();
        localStorage.setItem('lang', l);
      }, lang);
      await page.reload();
      await expect(page.getByRole('button', { name: a('support.guest.verify', lang) })).toBeVisible();
      await shot(page, `guest-${lang}-${width}`);
    }
});

test('the searches and the audit log, with their filters, in English and Chinese', async ({ browser }) => {
  const boss = await supportOperator('admin');
  for (const [lang, width] of [
    ['en', 1280],
    ['zh', 820],
  ] as const) {
    const { context, page } = await consolePage(browser, boss.cookie, lang, width);
    for (const section of ['deposits', 'withdrawals', 'orders', 'audit'] as const) {
      await page.goto(`${admin()}/console/#/${section}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c(`${section}.title`, lang));
      if (section === 'deposits') {
        // Every deposit, not only those under review.
        await page.getByLabel(c('deposits.statusFilter', lang)).selectOption('');
        await page.getByRole('button', { name: c('filters.search', lang) }).click();
      }
      const rows = page.getByRole('row');
      if ((await rows.count()) > 1) await rows.nth(1).getByRole('button').first().click();
      await settled(page);
      await shot(page, `${section}-${lang}-${width}`);
    }
    // The audit log filtered to one operator's acts.
    await page.goto(`${admin()}/console/#/audit`);
    await page.getByLabel(c('audit.operator', lang)).fill('alice');
    await page.getByRole('button', { name: c('filters.search', lang) }).click();
    await expect(page.getByRole('row').nth(1)).toContainText('alice');
    await expect(page.getByRole('row').filter({ hasNotText: 'alice' })).toHaveCount(1);
    await context.close();
  }
});
