import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { expect, test, type Page } from '@playwright/test';
import { open } from '../support/app.ts';
import { latestCode, uniquePhone } from '../support/outbox.ts';
import { sharedOperators } from '../support/operators.ts';
import { repoRoot } from '../support/paths.ts';
import { registerByApi, useSession } from '../support/session.ts';
import { text, type Lang } from '../support/texts.ts';
import { seriousViolations } from '../support/axe.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { residentId } from '../support/identity.ts';

/**
 * The account area end to end: real-name submitted in the page, approved by an operator through `pnpm ops kyc`,
 * state shown, a second submission refused; the invite link (read from its QR code, decoded here) registers a
 * second user with the code filled in; the poster downloads as a PNG; an avatar upload shows the new picture;
 * the security page lists devices and logins. Then de and th at 360 px under axe.
 */

const run = promisify(execFile);
const a = (key: string, lang: Lang = 'en') => text('account', lang, key);
const e = (key: string, lang: Lang = 'en') => text('errors', lang, key);

/** A valid 8x6 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOQqziBFTEMpAQAG7NBoZm0iP0AAAAASUVORK5CYII=',
  'base64',
);

async function ops(...args: string[]): Promise<string> {
  const { stdout } = await run('pnpm', ['--silent', '--filter', '@app/server', 'ops', ...args], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ADMIN_URL: process.env.E2E_ADMIN_URL,
      // Real-name review is support's: the CLI acts with sam's own API token.
      OPS_TOKEN: sharedOperators().sam,
    },
  });
  return stdout;
}

async function api<T>(url: string, token: string, body?: Record<string, string>, lang = 'en') {
  const response = await fetch(`${process.env.E2E_API_URL}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: { token, lang, ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: body ? new URLSearchParams(body).toString() : undefined,
  });
  return (await response.json()) as { code: number; key: string; msg: string; data: T };
}

/**
 * Reads a canvas region's pixels in the page and decodes the QR code in them here. The pixels cross as one base64
 * string: as a JSON array of numbers, a poster's 400 x 400 region was megabytes that a busy machine took longer to
 * pass than the poll waited.
 */
async function decodeQr(page: Page, testId: string, crop?: { x: number; y: number; w: number; h: number }) {
  const pixels = await page.getByTestId(testId).evaluate((node, c) => {
    const canvas = node as HTMLCanvasElement;
    const r = c ?? { x: 0, y: 0, w: canvas.width, h: canvas.height };
    const data = canvas.getContext('2d')!.getImageData(r.x, r.y, r.w, r.h);
    let binary = '';
    for (let i = 0; i < data.data.length; i += 0x8000)
      binary += String.fromCharCode(...data.data.subarray(i, i + 0x8000));
    return { base64: btoa(binary), width: data.width, height: data.height };
  }, crop);
  const bytes = new Uint8ClampedArray(Buffer.from(pixels.base64, 'base64'));
  return jsQR(bytes, pixels.width, pixels.height)?.data ?? null;
}

const shot = (page: Page, name: string) => keepScreenshot(page, `account-${name}.png`, { fullPage: true });

test('real-name: submit, operator approves with pnpm ops kyc, state shown, resubmit refused', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await registerByApi(`kyc${Date.now().toString(36)}`);
  await useSession(page, user.token, 'en');
  await open(page, '/pages/user/auth');
  const number = residentId();
  await page.getByLabel(a('kyc.name')).fill('张三');
  await page.getByLabel(a('kyc.docType.cn_id')).last().fill('110101199003071005'); // wrong check digit
  await page.getByRole('button', { name: a('kyc.submit') }).click();
  await expect(page.getByText(e('id_number_wrong'))).toBeVisible();
  await page.getByLabel(a('kyc.docType.cn_id')).last().fill(number);
  await shot(page, 'kyc-form');
  await page.getByRole('button', { name: a('kyc.submit') }).click();
  await expect(page.getByText(a('info.realNameState.pending'))).toBeVisible();
  const masked = `${number.slice(0, 4)}**********${number.slice(-4)}`;
  await expect(page.getByText(masked)).toBeVisible();
  await expect(page.getByText(number)).toHaveCount(0);

  const listed = await ops('kyc', 'list');
  expect(listed).toContain(user.account);
  expect(listed).not.toContain(number);
  // console.table: │ (index) │ id │ user │ ...; the id cell of this user's row.
  const row = listed.split('\n').find((l) => l.includes(user.account)) ?? '';
  // Playwright sets FORCE_COLOR, so console.table colours numbers: strip the escapes.
  const id = row
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('│')
    .map((c) => c.trim())[2];
  expect(id).toBeTruthy();
  expect(await ops('kyc', 'approve', id!, '-r', 'documents match')).toContain('approved');

  await page.reload();
  await expect(page.getByText(a('info.realNameState.verified'), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: a('kyc.submit') })).toHaveCount(0);
  await shot(page, 'kyc-verified');
  const again = await api('/api/user/certification', user.token, { real_name: '张三', id_number: residentId() });
  expect(again.key).toBe('already_verified');
  expect(again.msg).toBe(e('already_verified'));
});

test('invite: QR decodes to the link, which registers a friend with the code filled in; poster PNG; avatar', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const inviter = await registerByApi(`inv${Date.now().toString(36)}`);
  await useSession(page, inviter.token, 'en');
  await open(page, '/pages/user/invite');
  const code = (await page.getByTestId('invite-code').innerText()).trim();
  const link = (await page.getByTestId('invite-link').innerText()).trim();
  expect(link).toContain(`#/pages/login/register?invite=${code}`);
  await expect(page.getByText(a('invite.rules.noBonus'))).toBeVisible();
  await expect.poll(() => decodeQr(page, 'invite-qr')).toBe(link);
  await shot(page, 'invite');

  // The friend opens the link in a browser of their own.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(link);
  await expect(friend.getByLabel('Invitation code')).toHaveValue(code);
  const phone = uniquePhone();
  await friend.getByLabel('Account name').fill(`fr${Date.now().toString(36)}`);
  await friend.getByLabel('Phone number').fill(phone);
  await friend.getByRole('button', { name: 'Send code' }).click();
  await friend.getByLabel('Verification code').fill(await latestCode(phone));
  await friend.getByLabel('Password', { exact: true }).fill('secret123');
  await friend.getByLabel('Confirm password').fill('secret123');
  await friend.getByRole('checkbox').check();
  await friend.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(friend).toHaveURL(/#\/pages\/user\/user$/);
  await friendContext.close();

  await page.reload();
  await expect(page.getByTestId('invite-code')).toHaveText(code);
  const summary = await api<{ invited_count: number }>('/api/user/invite', inviter.token);
  expect(summary.data.invited_count).toBe(1);
  await expect(page.getByText(a('invite.records.notQualified'))).toBeVisible();

  // The poster: drawn with the code and a QR of the same link; saved as a PNG.
  await open(page, '/pages/user/poster');
  const save = page.getByRole('button', { name: a('poster.save') });
  await expect(save).toBeEnabled();
  await expect.poll(() => decodeQr(page, 'poster-canvas', { x: 160, y: 510, w: 400, h: 400 })).toBe(link);
  const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
  expect(download.suggestedFilename()).toBe(`invite-${code}.png`);
  const png = readFileSync((await download.path())!);
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([720, 1080]);
  await shot(page, 'poster');

  // Avatar: the picture the server stored replaces the placeholder.
  await open(page, '/pages/user/info');
  await expect(page.getByTestId('avatar-image')).toHaveCount(0);
  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('avatar-image')).toBeVisible();
  expect(await page.getByTestId('avatar-image').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(256);
  await page
    .getByTestId('avatar-input')
    .setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('no') });
  await expect(page.getByRole('alert')).toHaveText(e('upload_type_invalid'));
  await shot(page, 'info');

  // Security: this device and the last logins.
  await open(page, '/pages/user/security');
  await expect(page.getByTestId('sessions')).toContainText(a('security.thisDevice'));
  await expect(page.getByTestId('logins')).toContainText(a('security.registration'));
  await shot(page, 'security');
});

for (const lang of ['de', 'th'] as const) {
  test(`account pages in ${lang} at 360 px pass axe`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 740 });
    const user = await registerByApi(`ax${lang}${Date.now().toString(36)}`);
    await useSession(page, user.token, lang);
    const pages: Array<[string, string]> = [
      ['/pages/user/auth', 'kyc.submit'],
      ['/pages/user/invite', 'invite.rules.title'],
      ['/pages/user/poster', 'poster.save'],
      ['/pages/user/security', 'security.lastLogins'],
      ['/pages/user/info', 'avatar.change'],
    ];
    for (const [route, key] of pages) {
      await open(page, route);
      await expect(page.getByText(a(key, lang)).first()).toBeVisible();
      expect(await seriousViolations(page), `${route} in ${lang}`).toEqual([]);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scroll, `${route} overflows at 360 px`).toBeLessThanOrEqual(360);
      await shot(page, `${lang}-${route.split('/').pop()}`);
    }
  });
}
