import type { Page, Response } from '@playwright/test';
import { api, expect, test } from '../support/market-server.ts';
import { text, type Lang } from '../support/texts.ts';
import { keepScreenshot } from '../support/screenshots.ts';

/**
 * One money picture (issue #46): total assets, with its parts, are the same on Home, Mine, My assets, Exchange
 * and the statement, right after a login through the screens, a plan purchase, a flexible move, a coin purchase and
 * an order, each reached by navigating inside the app (no reload). Against the market server: coins and orders need its prices.
 */

type TotalAssets = {
  total: string;
  available: string;
  frozen: string;
  plans: string;
  flexible: string;
  coins: string;
  yesterday_earnings: string;
};

// My assets and Exchange are one page (Exchange is its `view`): Mine between them makes each a fresh arrival.
const SCREENS = [
  ['home', '/'],
  ['my-assets', '/pages/user/wallet'],
  ['mine', '/pages/user/user'],
  ['exchange', '/pages/user/wallet?view=exchange'],
  ['statement', '/pages/user/finance'],
] as const;

/** The figure without its grouping and unit, so "1,234.56 U" and "1234.56" compare in any language. */
const digits = (s: string) => s.replace(/[^\d-]/g, '');
const cents = (s: string) => Math.round(Number(s) * 100);

/**
 * Opens each screen inside the app (a hash navigation, the document stays) and checks that its card shows the
 * newest answer of the one total-assets endpoint, every part included; returns the last screen's answer.
 */
async function sameTotalEverywhere(page: Page, lang: Lang, step: string): Promise<TotalAssets> {
  // Every answer of the endpoint, newest last: a screen may read it twice (on arrival and after an answer that
  // moved money), and coins are worth a cent more or less a second later, so the card must show the newest.
  const answers: TotalAssets[] = [];
  const note = (r: Response) => {
    if (r.url().includes('/api/user/total-assets') && r.ok())
      void r.json().then((body: { data: TotalAssets }) => answers.push(body.data));
  };
  page.on('response', note);
  let last: TotalAssets | null = null;
  try {
    for (const [name, route] of SCREENS) {
      const before = answers.length;
      await page.evaluate((hash) => (window.location.hash = hash), route);
      await expect.poll(() => answers.length, { message: `${name} reads the total` }).toBeGreaterThan(before);
      const card = page.getByTestId('total-assets-card');
      await expect(card).toHaveCount(1);
      await expect(card.getByText(text('common', lang, 'money.totalAssets'))).toBeVisible();
      const shown = async () => {
        const part = async (id: string) => digits(await card.getByTestId(id).innerText());
        return [
          await part('total-assets'),
          await part('total-assets-available'),
          await part('total-assets-frozen'),
          await part('total-assets-plans'),
          await part('total-assets-flexible'),
          await part('total-assets-coins'),
        ];
      };
      const newest = () => answers[answers.length - 1]!;
      await expect
        .poll(
          async () => {
            const p = newest();
            return (
              JSON.stringify(await shown()) ===
              JSON.stringify([p.total, p.available, p.frozen, p.plans, p.flexible, p.coins].map(digits))
            );
          },
          { message: `${name} shows the newest answer` },
        )
        .toBe(true);
      const picture = newest();
      // The total is its parts, nothing more, nothing left out.
      expect(cents(picture.total)).toBe(
        cents(picture.available) +
          cents(picture.frozen) +
          cents(picture.plans) +
          cents(picture.flexible) +
          cents(picture.coins),
      );
      // Cash and plans do not move with prices: every screen of the step says the same.
      if (last) {
        expect(picture.available, `${name} available`).toBe(last.available);
        expect(picture.plans, `${name} plans`).toBe(last.plans);
        expect(picture.flexible, `${name} flexible`).toBe(last.flexible);
      }
      last = picture;
      if (lang === 'zh' || name === 'home' || name === 'mine')
        await keepScreenshot(page, `total-assets-${step}-${name}-${lang}.png`);
    }
  } finally {
    page.off('response', note);
  }
  return last!;
}

const PLAN_OF = { en: 'Steady 30-day plan', zh: 'Quarter 90-day plan' } as const;
/** Each plan's start amount (U). */
const AMOUNT_OF = { en: 200, zh: 500 } as const;

for (const lang of ['en', 'zh'] as const) {
  test(`the same total assets on every screen after a login, a plan, a flexible move, a coin and an order (${lang})`, async ({
    page,
    market,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);

    // Log in through the screens: Mine shows the whole picture at once, not the login answer's cash alone.
    await page.goto(`${market.url}/h5/#/pages/login/login?redirect=${encodeURIComponent('/pages/user/user')}`);
    await page.getByLabel(text('account', lang, 'form.account')).fill('demo');
    await page.getByLabel(text('account', lang, 'form.password'), { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: text('account', lang, 'login.submit'), exact: true }).click();
    await expect(page).toHaveURL(/#\/pages\/user\/user$/);
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const fromApi = await api<TotalAssets>(market.url, '/api/user/total-assets', token);
    await expect
      .poll(async () => digits(await page.getByTestId('total-assets-plans').innerText()))
      .toBe(digits(fromApi.plans));
    const afterLogin = await sameTotalEverywhere(page, lang, 'login');

    // A plan purchase: its amount moves from cash to plans on every screen.
    const plans = await api<{ items: Array<{ id: number; title: string }> }>(
      market.url,
      '/api/user/yeb_project?page=1&size=20',
      token,
    );
    // One plan a language: both runs buy as the demo user of the same server, and a holder tops up instead.
    const steady = plans.items.find((p) => p.title === PLAN_OF[lang])!;
    await page.evaluate((id) => (window.location.hash = `/pages/project/details?id=${id}`), steady.id);
    await page.getByRole('button', { name: text('invest', lang, 'actions.buy'), exact: true }).click();
    const sheet = page.getByTestId('move-sheet');
    await sheet.getByLabel(text('invest', lang, 'sheet.amount')).fill(String(AMOUNT_OF[lang]));
    await sheet.getByRole('button', { name: text('invest', lang, 'sheet.review') }).click();
    await sheet.getByRole('button', { name: text('invest', lang, 'sheet.confirm.buy') }).click();
    await expect(page.getByRole('dialog', { name: text('invest', lang, 'result.buy') })).toBeVisible();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text('common', lang, 'actions.close') })
      .click();
    const afterPlan = await sameTotalEverywhere(page, lang, 'plan');
    expect(cents(afterPlan.plans) - cents(afterLogin.plans)).toBe(AMOUNT_OF[lang] * 100);

    // A flexible move: 50 U of cash into the flexible Yuebao balance, the same total, its own part on every screen.
    await page.evaluate(() => (window.location.hash = '/pages/project/flexible'));
    await page.getByRole('button', { name: text('invest', lang, 'flex.in'), exact: true }).click();
    const flexSheet = page.getByTestId('flex-sheet');
    await flexSheet.getByLabel(text('invest', lang, 'sheet.amount')).fill('50');
    await flexSheet.getByRole('button', { name: text('invest', lang, 'sheet.review') }).click();
    await flexSheet.getByRole('button', { name: text('invest', lang, 'flex.confirm.in') }).click();
    await expect(page.getByRole('dialog', { name: text('invest', lang, 'flex.done.in') })).toBeVisible();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text('common', lang, 'actions.close') })
      .click();
    const afterFlex = await sameTotalEverywhere(page, lang, 'flexible');
    expect(cents(afterFlex.flexible) - cents(afterPlan.flexible)).toBe(5_000);
    expect(cents(afterPlan.available) - cents(afterFlex.available)).toBe(5_000);

    // A coin purchase on Exchange: 100 U of cash become coins, valued at the recorded price.
    await page.evaluate(() => (window.location.hash = '/pages/user/wallet?view=exchange'));
    await page.getByLabel(text('wallet', lang, 'exchange.spend')).fill('100');
    await page.getByRole('button', { name: text('wallet', lang, 'exchange.getQuote') }).click();
    await page.getByRole('button', { name: text('wallet', lang, 'exchange.confirm') }).click();
    await expect(page.getByTestId('exchange-result')).toBeVisible();
    const afterCoin = await sameTotalEverywhere(page, lang, 'coin');
    expect(cents(afterFlex.available) - cents(afterCoin.available)).toBe(10_000);
    expect(cents(afterCoin.coins)).toBeGreaterThan(cents(afterFlex.coins));

    // An order: its stake and fee leave the cash available.
    await page.evaluate(() => (window.location.hash = `/pages/trade/trade?symbol=${encodeURIComponent('BTC/USDT')}`));
    await page.getByRole('button', { name: text('trade', lang, 'sheet.buyUp') }).click();
    const orderSheet = page.getByTestId('order-sheet');
    // The shortest period (SHORT_PERIOD seconds) is the first, chosen already.
    await expect(orderSheet.getByRole('radio').first()).toHaveAttribute('aria-checked', 'true');
    await orderSheet.getByLabel(text('trade', lang, 'sheet.amount'), { exact: true }).fill('10');
    await orderSheet.getByRole('button', { name: text('trade', lang, 'sheet.review') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text('trade', lang, 'risk.accept') })
      .click();
    const placed = page.waitForResponse((r) => r.url().includes('/api/user/addorder'));
    await page.getByRole('button', { name: text('trade', lang, 'confirm.submit') }).click();
    const order = ((await (await placed).json()) as { data: { id: number } }).data;
    // Settled in SHORT_PERIOD seconds: then cash stops moving, and every screen must say the settled figures.
    await expect
      .poll(
        async () =>
          (await api<{ status: string }>(market.url, `/api/user/get_this_order?id=${order.id}`, token)).status,
        {
          timeout: 60_000,
        },
      )
      .toBe('settled');
    await sameTotalEverywhere(page, lang, 'order');
  });
}
