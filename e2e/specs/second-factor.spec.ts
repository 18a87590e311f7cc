import { createRequire } from 'node:module';
import path from 'node:path';
import { api, expect, test } from '../support/market-server.ts';
import { changeControl } from '../support/operators.ts';
import { openAs, withdrawReadyUser } from '../support/funded-user.ts';
import { repoRoot } from '../support/paths.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { text } from '../support/texts.ts';

/**
 * A user turns the authenticator app on from the security page (QR code, first code, ten recovery codes shown
 * once), then withdraws: the confirm sheet asks for the fund password and the app's code; sent without the code it
 * says so and nothing is submitted, with a fresh code the withdrawal goes through. In English and Chinese, with
 * screenshots at 390x844.
 */

// otplib is the server's dependency (the codes a phone app would show): resolved from apps/server.
const requireFromServer = createRequire(path.join(repoRoot, 'apps/server/package.json'));
const { generate } = requireFromServer('otplib') as {
  generate: (options: { secret: string; epoch?: number }) => Promise<string>;
};

for (const lang of ['en', 'zh'] as const) {
  test(`authenticator: enrol with a QR code, then withdraw with a code step-up (${lang})`, async ({ page, market }) => {
    test.setTimeout(240_000);
    const a = (key: string) => text('account', lang, key);
    const w = (key: string) => text('wallet', lang, key);
    const shot = (name: string) => keepScreenshot(page, `second-factor-${name}-${lang}.png`, { fullPage: true });
    // Withdrawals at any hour and no hold on the new card, so the test runs whenever it runs.
    const settings = await changeControl(
      market.adminUrl,
      { maker: market.operators.alice, checker: market.operators.bob },
      '/admin/wallet-settings',
      { reason: 'e2e: any hour, no hold', withdraw_from: '00:00', withdraw_to: '00:00', hold_hours: 0 },
    );
    expect(settings.code, settings.msg).toBe(200);
    const user = await withdrawReadyUser(market, lang);

    await openAs(page, market, user.token, lang, '/pages/user/security');
    await page.getByRole('link', { name: new RegExp(a('authenticator.title')) }).click();
    await expect(page.getByRole('heading', { name: a('authenticator.introTitle') })).toBeVisible();
    await shot('intro');
    await page.getByRole('button', { name: a('authenticator.setUp') }).click();
    await expect(page.getByTestId('authenticator-qr')).toBeVisible();
    const secret = (await page.getByTestId('authenticator-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await shot('scan');
    await page.getByLabel(a('authenticator.firstCode')).fill(await generate({ secret }));
    await page.getByRole('button', { name: a('authenticator.turnOn') }).click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(codes.first()).toHaveText(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    await shot('recovery-codes');
    await page.getByRole('button', { name: a('authenticator.savedCodes') }).click();
    await expect(page.getByRole('link', { name: new RegExp(a('authenticator.cellOn')) })).toBeVisible();
    const status = await api<{ on: boolean; recovery_codes_left: number }>(
      market.url,
      '/api/user/authenticator',
      user.token,
    );
    expect(status).toMatchObject({ on: true, recovery_codes_left: 10 });

    // ---- a withdrawal asks for the code on its confirm sheet ----
    await page.goto(`${market.url}/h5/#/pages/user/cash`);
    await page.getByLabel(w('cash.amount'), { exact: true }).fill('100');
    await page.getByRole('button', { name: w('cash.next') }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByLabel(w('cash.fundPassword')).fill('fund1234');
    const codeField = sheet.getByLabel(text('common', lang, 'secondFactor.label'));
    await expect(codeField).toBeVisible();
    await sheet.getByRole('button', { name: w('cash.submit') }).click();
    await expect(sheet.getByText(text('errors', lang, 'second_factor_required'))).toBeVisible();
    await shot('confirm-sheet');
    const none = await api<{ items: unknown[] }>(market.url, '/api/user/cash_record', user.token);
    expect(none.items).toHaveLength(0);

    // The step after the one the enrolment used: a code not accepted before.
    await codeField.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await sheet.getByRole('button', { name: w('cash.submit') }).click();
    await expect(page.getByTestId('cash-result')).toContainText('99');
    await shot('withdrawn');
    const records = await api<{ items: Array<{ status: number }> }>(market.url, '/api/user/cash_record', user.token);
    expect(records.items).toHaveLength(1);
  });
}
