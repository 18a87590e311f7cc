import type { Page } from '@playwright/test';
import type { Candle, Order, Tick } from '@app/contracts';
import { api, expect, SHORT_PERIOD, test, type MarketServer } from '../support/market-server.ts';

/** Decimal strings at one precision as integers, so comparisons are exact. */
const units = (price: string) => BigInt(price.replace('.', ''));

async function logIn(page: Page, market: MarketServer, returnTo: string) {
  await page.goto(`${market.url}/h5/#/pages/login/login?redirect=${encodeURIComponent(returnTo)}`);
  await page.getByLabel('Account or phone').fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test(`log in, place a ${SHORT_PERIOD}-second order on BTC/USDT, watch it settle at the recorded prices, find it in history`, async ({
  page,
  market,
}) => {
  test.setTimeout(180_000);
  await logIn(page, market, '/pages/trade/trade?symbol=BTC%2FUSDT');

  // The product page: price, the simulator said out loud, a drawn chart.
  await expect(page.getByRole('heading', { level: 1, name: 'BTC/USDT' })).toBeVisible();
  await expect(page.getByTestId('simulated-note').first()).toContainText('Simulated market data');
  await expect(page.getByTestId('kline-chart').locator('canvas').first()).toBeVisible();

  // The order sheet: rise, the short period, 10 U; the terms restated; the one-time risk notice.
  await page.getByRole('button', { name: 'Buy rise' }).click();
  const sheet = page.getByTestId('order-sheet');
  await sheet.getByRole('radio', { name: new RegExp(`^${SHORT_PERIOD} s`) }).click();
  await sheet.getByLabel('Amount', { exact: true }).fill('10');
  await expect(sheet.getByText('+7.95 U')).toBeVisible(); // 80 % of 10 less the 0.05 fee
  await sheet.getByRole('button', { name: 'Review order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'I understand' }).click();
  await expect(page.getByTestId('confirm-terms')).toContainText('10.05 U');
  const placed = page.waitForResponse((r) => r.url().includes('/api/user/addorder'));
  await page.getByRole('button', { name: 'Confirm order' }).click();
  const order = ((await (await placed).json()) as { data: Order }).data;
  expect(order.status).toBe('open');
  expect(order.settle_time - order.open_time).toBe(SHORT_PERIOD);

  // The running order counts down towards its settlement second.
  const card = page.getByTestId('running-order');
  const timer = card.getByRole('timer');
  await expect(timer).toBeVisible();
  const seconds = (text: string) => text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  const first = seconds((await timer.innerText()).trim());
  await expect.poll(async () => seconds((await timer.innerText()).trim())).toBeLessThan(first);
  expect(first).toBeLessThanOrEqual(SHORT_PERIOD);

  // The result dialog, once the server has settled the order.
  const result = page.getByTestId('result-dialog');
  await expect(result).toBeVisible({ timeout: 60_000 });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const settled = await api<Order>(market.url, `/api/user/get_this_order?id=${order.id}`, token!);
  expect(settled.status).toBe('settled');
  expect(settled.open_price).toBe(order.open_price);
  await expect(result).toContainText(
    Number(settled.settle_price).toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );

  // Both prices are the recorded series: the tick of their second, inside that minute's 1m candle.
  const ticks = await api<{ items: Tick[] }>(
    market.url,
    `/api/index/ticks?symbol=${encodeURIComponent('BTC/USDT')}&seconds=600`,
  );
  const kline = await api<{ candles: Candle[] }>(
    market.url,
    `/api/index/getkdata?symbol=${encodeURIComponent('BTC/USDT')}&interval=1m&count=20`,
  );
  for (const [second, price] of [
    [settled.open_time, settled.open_price],
    [settled.settle_time, settled.settle_price!],
  ] as const) {
    const tick = ticks.items.find((t) => t.t === second);
    expect(tick, `a recorded tick at ${second}`).toBeTruthy();
    expect(tick!.p).toBe(price);
    const candle = kline.candles.find((c) => c.t === second - (second % 60));
    expect(candle, `the 1m candle of ${second}`).toBeTruthy();
    expect(units(candle!.l) <= units(price) && units(price) <= units(candle!.h)).toBe(true);
  }
  const move = units(settled.settle_price!) - units(settled.open_price);
  expect(settled.result).toBe(move === 0n ? 'draw' : move > 0n ? 'win' : 'loss');

  // The order in history, with its detail and a link to the chart at that moment.
  await page.getByRole('dialog').getByRole('button', { name: 'Details' }).click();
  await expect(page.getByTestId('order-detail')).toContainText(`Order #${order.id}`);
  await expect(page.getByRole('link', { name: 'See this moment on the chart' })).toHaveAttribute(
    'href',
    new RegExp(`at=${order.open_time}`),
  );
  await page.goto(`${market.url}/h5/#/pages/user/order?tab=history`);
  await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId(`order-${order.id}`)).toBeVisible();
});

test('quotes: class tabs, search and live prices, with the simulator named', async ({ page, market }) => {
  await logIn(page, market, '/pages/trade/trade?class=crypto');
  await expect(page.getByRole('tab', { name: 'Crypto' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('simulated-note').first()).toBeVisible();
  const row = page.getByTestId('quote-BTC/USDT');
  await expect(row).toBeVisible();
  // Each row names its price source.
  await expect(row.getByTestId('row-source')).toHaveText('Simulator');
  const before = await row.innerText();
  await expect.poll(async () => row.innerText(), { timeout: 10_000 }).not.toBe(before);
  await page.getByRole('searchbox').fill('eth');
  await expect(page.getByTestId('quote-ETH/USDT')).toBeVisible();
  await expect(page.getByTestId('quote-BTC/USDT')).toHaveCount(0);
  await page.getByTestId('quote-ETH/USDT').click();
  await expect(page.getByRole('heading', { level: 1, name: 'ETH/USDT' })).toBeVisible();
  await expect(page.getByTestId('price-source')).toHaveText('Price source: Simulator');
});
