import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { AdminContentList } from '@app/contracts';
import { open } from '../support/app.ts';
import { operatorAuth, sharedOperators } from '../support/operators.ts';
import { invitationTicket } from '../support/console-operator.ts';
import { repoRoot } from '../support/paths.ts';
import { registerByApi, useSession } from '../support/session.ts';
import { text } from '../support/texts.ts';
import { keepScreenshot } from '../support/screenshots.ts';

/**
 * The console's content editor with the app on the other side: a content editor writes a notice in English and
 * Chinese, previews it at phone width (the server's cleaned text, 390 px), saves and publishes it with reasons; a
 * user reading Chinese sees the Chinese text in the app, a user reading German sees English. Then an admin's tour
 * of the editors and the house view at 1280 and 820 px, in English and Chinese, photographed in e2e/.tmp/.
 */

const requireFromServer = createRequire(path.join(repoRoot, 'apps/server/package.json'));
const { generate } = requireFromServer('otplib') as { generate: (options: { secret: string }) => Promise<string> };

const c = (key: string, lang: 'en' | 'zh' = 'en') => text('console', lang, key);
const adminUrl = () => process.env.E2E_ADMIN_URL!;
const shot = (page: Page, name: string) => keepScreenshot(page, `console-c-${name}.png`, { fullPage: true });

type Envelope<T> = { code: number; key: string; msg: string; data: T };
async function post<T>(url: string, body: object, headers: Record<string, string> = {}): Promise<Envelope<T>> {
  const response = await fetch(`${adminUrl()}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', ...headers },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

/**
 * A new operator of the role, invited by the shared admin, with a console session opened through the API (the
 * console's own sign-in is console.spec.ts's): the browser gets the session cookie, the CSRF token comes back
 * from GET /admin/session when the console loads.
 */
async function signedIn(browser: Browser, role: 'content' | 'admin', viewport = { width: 1280, height: 800 }) {
  const name = `${role}-${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const password = `${name}-console-passphrase-7f3a`;
  const ticket = await invitationTicket(name, role, `e2e: console-content ${role}`);
  expect((await post('/admin/session/accept', { ticket, password })).code).toBe(200);
  const login = await post<{ enrolment: { ticket: string; secret: string } }>('/admin/session/login', {
    name,
    password,
  });
  const response = await fetch(`${adminUrl()}/admin/session/enrol`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ticket: login.data.enrolment.ticket,
      code: await generate({ secret: login.data.enrolment.secret }),
    }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('op_session='))!;
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  await context.addCookies([
    {
      name: 'op_session',
      value: cookie.slice('op_session='.length),
      url: adminUrl(),
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors, name };
}

const slug = `e2e-notice-${Date.now().toString(36)}`;
const EN = { title: 'Deposit channel maintenance', body: '<p>The bank channel pauses <b>02:00–03:00</b>.</p>' };
const ZH = { title: '充值渠道维护', body: '<p>银行渠道 <b>02:00–03:00</b> 暂停。</p><script>alert(1)</script>' };

test('an editor writes a notice in English and Chinese, previews it at phone width and publishes it', async ({
  browser,
}) => {
  const editor = await signedIn(browser, 'content');
  const page = editor.page;
  await page.goto(`${adminUrl()}/console/#/content`);
  await expect(page.getByRole('heading', { name: c('content.title') })).toBeVisible();
  // A content editor is offered content and plans, not the house view or the settings.
  await expect(page.getByRole('link', { name: c('house.nav') })).toHaveCount(0);
  await expect(page.getByRole('link', { name: c('settings.nav') })).toHaveCount(0);

  await page.getByRole('button', { name: c('content.new') }).click();
  await page.getByLabel(c('content.slug')).fill(slug);
  await page.locator('#en-title').fill(EN.title);
  await page.locator('#en-body').fill(EN.body);
  await page.locator('#zh-title').fill(ZH.title);
  await page.locator('#zh-body').fill(ZH.body);

  // The preview: 390 CSS px, the server's cleaned Chinese text (the script is gone), sandboxed.
  await page.getByTestId('preview-language').selectOption('zh');
  const frame = page.getByTestId('phone-preview');
  await expect(frame).toHaveAttribute('srcdoc', /银行渠道/);
  await expect(frame).not.toHaveAttribute('srcdoc', /script/);
  await expect(frame).toHaveAttribute('sandbox', '');
  expect((await frame.boundingBox())!.width).toBe(390);
  const inside = page.frameLocator('[data-testid="phone-preview"]');
  await expect(inside.getByRole('heading', { name: ZH.title })).toBeVisible();
  await page.getByTestId('preview-language').selectOption('de');
  await expect(inside.getByRole('heading', { name: EN.title })).toBeVisible();
  await expect(inside.getByText(c('content.preview.fallback').replace('{{language}}', 'Deutsch'))).toBeVisible();
  await keepScreenshot(page.locator('section[aria-labelledby="preview-title"]'), 'console-c-preview-de.png');
  await page.getByTestId('preview-language').selectOption('zh');
  await expect(inside.getByRole('heading', { name: ZH.title })).toBeVisible();
  await keepScreenshot(page.locator('section[aria-labelledby="preview-title"]'), 'console-c-preview-zh.png');

  await page.getByTestId('save-content').click();
  const dialog = page.getByTestId('reason-dialog');
  await dialog.getByLabel(c('reason.label')).fill('Bank maintenance notice');
  await dialog.getByRole('button', { name: c('content.confirmLabel.save') }).click();
  await expect(page.getByText(c('content.saved'))).toBeVisible();
  await shot(page, 'editor-en-1280');

  await page.getByTestId('publish').click();
  await dialog.getByLabel(c('reason.label')).fill('Ready for users');
  await dialog.getByRole('button', { name: c('content.confirmLabel.publish') }).click();
  await expect(page.getByText(c('content.done.publish'))).toBeVisible();
  await page.getByRole('button', { name: c('content.back') }).click();
  await expect(page.getByTestId(`content-row-${slug}`)).toContainText(c('content.states.published'));
  await shot(page, 'content-list-en-1280');
  expect(editor.errors).toEqual([]);
  await editor.context.close();

  const list = await fetch(`${adminUrl()}/admin/content?kind=notice`, {
    headers: operatorAuth(sharedOperators().alice),
  }).then((r) => r.json() as Promise<Envelope<AdminContentList>>);
  const notice = list.data.items.find((i) => i.slug === slug)!;
  expect(notice).toMatchObject({ state: 'published', languages: ['en', 'zh'] });

  // In the app: a Chinese reader gets the Chinese text, a German reader the English one.
  for (const [lang, expected, absent] of [
    ['zh', ZH.title, EN.title],
    ['de', EN.title, ZH.title],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const app = await context.newPage();
    const user = await registerByApi(`cc${lang}${Date.now().toString(36).slice(-6)}`);
    await useSession(app, user.token, lang);
    await open(app, `/pages/user/notice?id=${notice.id}`);
    const article = app.getByTestId('article');
    await expect(article.getByRole('heading', { name: expected })).toBeVisible();
    await expect(article).not.toContainText(absent);
    if (lang === 'zh') await expect(article).toContainText('银行渠道');
    await keepScreenshot(app, `console-c-app-notice-${lang}.png`);
    await context.close();
  }
});

test('the editors and the house view at 1280 and 820 px, in English and Chinese', async ({ browser }) => {
  for (const width of [1280, 820]) {
    const admin = await signedIn(browser, 'admin', { width, height: 800 });
    const page = admin.page;
    for (const lang of ['en', 'zh'] as const) {
      await page.goto(`${adminUrl()}/console/#/house`);
      await page.getByTestId('language-switch').selectOption(lang);
      await expect(page.getByRole('heading', { name: c('house.title', lang) })).toBeVisible();
      await expect(page.getByTestId('house-result')).toBeVisible();
      await expect(page.getByTestId('not-reconciled')).toHaveCount(0);
      await shot(page, `house-${lang}-${width}`);
      for (const section of ['content', 'plans', 'settings', 'broadcast'] as const) {
        await page.goto(`${adminUrl()}/console/#/${section}`);
        await expect(page.getByRole('heading', { name: c(`${section}.title`, lang), level: 1 })).toBeVisible();
        await expect(page.getByRole('status')).toHaveCount(0);
        await shot(page, `${section}-${lang}-${width}`);
      }
      await page.goto(`${adminUrl()}/console/#/plans`);
      await page
        .getByRole('button', { name: c('plans.edit', lang) })
        .first()
        .click();
      await expect(page.getByTestId('plan-lang-zh')).toBeVisible();
      await shot(page, `plan-editor-${lang}-${width}`);
      await page.goto(`${adminUrl()}/console/#/settings`);
      await page.getByRole('button', { name: c('settings.channels.add', lang) }).click();
      await page.getByTestId('channel-dialog').getByLabel(c('settings.channels.kind', lang)).selectOption('crypto');
      await page
        .getByTestId('channel-dialog')
        .getByRole('button', { name: c('settings.save', lang) })
        .click();
      await expect(
        page.getByTestId('channel-dialog').getByText(c('settings.errors.required', lang)).first(),
      ).toBeVisible();
      await keepScreenshot(page, `console-c-channel-dialog-${lang}-${width}.png`);
      await page
        .getByTestId('channel-dialog')
        .getByRole('button', { name: c('common.cancel', lang) })
        .click();
    }
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  }
});
