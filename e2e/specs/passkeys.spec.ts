import type { CDPSession, Page } from '@playwright/test';
import { api, expect, test } from '../support/market-server.ts';
import { changeControl } from '../support/operators.ts';
import { withdrawReadyUser } from '../support/funded-user.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { text, type Lang } from '../support/texts.ts';

/**
 * Passkeys in Chromium with the DevTools protocol's virtual authenticator (a platform authenticator with user
 * verification, as a phone's): a user adds a passkey from Security settings, logs out, signs in with the passkey
 * alone, and withdraws with a passkey step-up on the confirm sheet. The page is opened at http://localhost:PORT:
 * the server's default relying party is `localhost`, and WebAuthn refuses an IP address as an RP ID.
 */

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

for (const lang of ['en', 'zh'] as const satisfies Lang[]) {
  test(`passkeys: add one, sign in with it alone, withdraw with a passkey step-up (${lang})`, async ({
    page,
    market,
  }) => {
    test.setTimeout(240_000);
    const a = (key: string) => text('account', lang, key);
    const w = (key: string) => text('wallet', lang, key);
    const c = (key: string) => text('common', lang, key);
    const shot = (name: string) => keepScreenshot(page, `passkeys-${name}-${lang}.png`, { fullPage: true });
    const settings = await changeControl(
      market.adminUrl,
      { maker: market.operators.alice, checker: market.operators.bob },
      '/admin/wallet-settings',
      { reason: 'e2e: any hour, no hold', withdraw_from: '00:00', withdraw_to: '00:00', hold_hours: 0 },
    );
    expect(settings.code, settings.msg).toBe(200);
    const user = await withdrawReadyUser(market, lang);
    const site = market.url.replace('127.0.0.1', 'localhost');
    const { cdp, id } = await virtualAuthenticator(page);

    // Signed in once, by token, on the localhost origin (the token is not put back on later loads), from a page
    // of that origin that does not send a signed-out visitor to the login page first.
    await page.goto(`${site}/api/health`);
    await page.evaluate(
      ([tk, l]) => {
        localStorage.setItem('token', tk!);
        localStorage.setItem('lang', l!);
      },
      [user.token, lang],
    );
    await page.goto(`${site}/h5/#/pages/user/security`);

    // ---- add a passkey ----
    await page.getByRole('link', { name: new RegExp(a('passkeys.title')) }).click();
    await expect(page.getByRole('heading', { name: a('passkeys.introTitle') })).toBeVisible();
    await expect(page.getByText(a('passkeys.none'))).toBeVisible();
    await shot('empty');
    await page.getByLabel(a('passkeys.name')).fill('My phone');
    await page.getByRole('button', { name: a('passkeys.add') }).click();
    await expect(page.getByTestId('passkey-list')).toContainText('My phone');
    await shot('added');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId: id });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    const listed = await api<{ items: Array<{ name: string }> }>(market.url, '/api/user/passkeys', user.token);
    expect(listed.items.map((p) => p.name)).toEqual(['My phone']);

    // Removing asks for a fresh factor first: the dialog shows the step-up field with the passkey button.
    await page.getByRole('button', { name: `${a('passkeys.remove')} My phone` }).click();
    const removeDialog = page.getByRole('dialog');
    await expect(removeDialog.getByRole('button', { name: c('secondFactor.usePasskey') })).toBeVisible();
    // Passkeys are this user's only factor: there is no code to type, so no code field is offered.
    await expect(removeDialog.getByTestId('second-factor-passkey-only')).toContainText(c('secondFactor.passkeyOnly'));
    await expect(removeDialog.getByTestId('second-factor-code')).toHaveCount(0);
    await shot('remove-dialog');
    await removeDialog.getByRole('button', { name: text('common', lang, 'actions.cancel') }).click();

    // ---- log out, then sign in with the passkey alone ----
    await page.goto(`${site}/h5/#/pages/user/user`);
    await page.getByRole('button', { name: a('mine.menu.logout') }).click();
    // The dialog says how this user signs in again: with the password or a passkey.
    await expect(page.getByRole('dialog')).toContainText(a('logout.messagePasskey'));
    await shot('logout-dialog');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: a('logout.confirm') })
      .click();
    await expect(page).toHaveURL(/#\/pages\/login/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeFalsy();
    await page.goto(`${site}/h5/#/pages/login/login`);
    await expect(page.getByTestId('passkey-sign-in')).toBeVisible();
    await shot('login');
    await page.getByTestId('passkey-sign-in').click();
    await expect(page).not.toHaveURL(/#\/pages\/login/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    expect(token).not.toBe(user.token);
    const me = await api<{ account: string; second_factor: boolean }>(market.url, '/api/user/index', token!);
    expect(me).toMatchObject({ account: user.account, second_factor: true });

    // ---- the anti-phishing code, set with a passkey step-up, then shown on the withdrawal sheet ----
    await page.goto(`${site}/h5/#/pages/user/antiphishing`);
    await expect(page.getByRole('heading', { name: a('antiPhishing.introTitle') })).toBeVisible();
    await page.getByLabel(a('antiPhishing.label')).fill('Bluebird');
    await page.getByRole('button', { name: c('secondFactor.usePasskey') }).click();
    await expect(page.getByTestId('second-factor-passkey-done')).toBeVisible();
    await shot('anti-phishing');
    await page.getByRole('button', { name: a('antiPhishing.save') }).click();
    await expect(page.getByText(text('errors', lang, 'anti_phishing_set'))).toBeVisible();
    expect((await api<{ anti_phishing_code: string }>(market.url, '/api/user/index', token!)).anti_phishing_code).toBe(
      'Bluebird',
    );

    // ---- a withdrawal stepped up with the passkey on its confirm sheet ----
    await page.goto(`${site}/h5/#/pages/user/cash`);
    await page.getByLabel(w('cash.amount'), { exact: true }).fill('100');
    await page.getByRole('button', { name: w('cash.next') }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByTestId('anti-phishing-code')).toHaveText(
      w('cash.antiPhishing').replace('{{code}}', 'Bluebird'),
    );
    await sheet.getByLabel(w('cash.fundPassword')).fill('fund1234');
    await sheet.getByRole('button', { name: w('cash.submit') }).click();
    await expect(sheet.getByText(text('errors', lang, 'second_factor_required'))).toBeVisible();
    expect((await api<{ items: unknown[] }>(market.url, '/api/user/cash_record', token!)).items).toHaveLength(0);
    await sheet.getByRole('button', { name: c('secondFactor.usePasskey') }).click();
    await expect(sheet.getByTestId('second-factor-passkey-done')).toBeVisible();
    await shot('confirm-sheet');
    await sheet.getByRole('button', { name: w('cash.submit') }).click();
    await expect(page.getByTestId('cash-result')).toContainText('99');
    const records = await api<{ items: unknown[] }>(market.url, '/api/user/cash_record', token!);
    expect(records.items).toHaveLength(1);
    const used = await api<{ items: Array<{ last_used_at: number | null }> }>(market.url, '/api/user/passkeys', token!);
    expect(used.items[0]!.last_used_at).not.toBeNull();
  });
}
