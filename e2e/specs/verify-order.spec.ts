import type { OrderDetail } from '@app/contracts';
import { api, expect, SHORT_PERIOD, test } from '../support/market-server.ts';
import { keepScreenshot } from '../support/screenshots.ts';

// "Verify this order": an order placed and settled on the market server, then checked in the browser against the
// log's latest signed head (signature, inclusion proofs, the settlement re-derived), in two languages.

type Envelope<T> = { code: number; key: string; data: T };

async function post<T>(base: string, path: string, body: Record<string, string>, token?: string): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { token } : {}) },
    body: new URLSearchParams(body).toString(),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.key}`);
  return envelope.data;
}

const TEXTS = {
  en: {
    verify: 'Verify this order',
    verified: 'Verified in your browser',
    title: 'Verify this order',
    inLog: 'In the log',
    history: 'Every change of terms',
    payout: 'Paid on a win 80.00%',
  },
  zh: {
    verify: '验证此订单',
    verified: '已在您的浏览器中验证',
    title: '验证此订单',
    inLog: '已在日志中',
    history: '所有条款变更',
    payout: '盈利时赔付 80.00%',
  },
} as const;

for (const lang of ['en', 'zh'] as const) {
  test(`an order placed, settled and verified in the browser (${lang})`, async ({ page, market }) => {
    test.setTimeout(120_000);
    const { token } = await post<{ token: string }>(market.url, '/api/login/index', {
      account: 'demo',
      password: 'demo1234',
    });
    const placed = await post<OrderDetail>(
      market.url,
      '/api/user/addorder',
      {
        symbol: 'BTC/USDT',
        seconds: String(SHORT_PERIOD),
        amount: '10',
        direction: lang === 'en' ? 'up' : 'down',
        key: `verify-${lang}-${Date.now()}`,
      },
      token,
    );
    // Settled, and both its entries sequenced under a head.
    await expect
      .poll(
        async () =>
          (await api<OrderDetail>(market.url, `/api/user/get_this_order?id=${placed.id}`, token)).log_index.settled,
        {
          timeout: 60_000,
        },
      )
      .not.toBeNull();
    const order = await api<OrderDetail>(market.url, `/api/user/get_this_order?id=${placed.id}`, token);

    await page.addInitScript(
      ([t, l]) => {
        localStorage.setItem('token', t!);
        localStorage.setItem('lang', l!);
      },
      [token, lang],
    );
    await page.goto(`${market.url}/h5/#/pages/user/order?tab=history&id=${order.id}`);
    await expect(page.getByTestId('order-detail')).toBeVisible();
    await page.getByRole('link', { name: TEXTS[lang].verify }).click();

    const status = page.getByTestId('verify-status');
    await expect(status).toHaveAttribute('data-status', 'verified', { timeout: 20_000 });
    await expect(status).toContainText(TEXTS[lang].verified);
    for (const role of ['placed', 'open_price', 'settled', 'settle_price'])
      await expect(page.getByTestId(`verify-entry-${role}`)).toHaveAttribute('data-state', 'included');
    await expect(page.getByTestId('verify-entry-placed')).toContainText(`"order_id":${order.id}`);
    await expect(page.getByTestId('verify-entry-settled')).toContainText(TEXTS[lang].inLog);
    // The prices shown are the order's recorded seconds, with the simulator's draw behind them.
    await expect(page.getByTestId('verify-openPrice')).toContainText(String(order.open_time));
    await expect(page.getByTestId('verify-settlePrice')).toContainText(String(order.settle_time));
    await expect(page.getByTestId('verify-arithmetic')).toBeVisible();
    await expect(page.getByTestId('verify-journal-order_settle')).toContainText(`order:${order.id}:settle`);

    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, `verify-order-${lang}.png`);
    await keepScreenshot(page, `verify-order-${lang}-full.png`, { fullPage: true });

    // The terms the order was placed under are in the public terms history, with the seeded ones.
    await page.getByRole('link', { name: TEXTS[lang].history }).click();
    const history = page.getByTestId('terms-history');
    await expect(history).toBeVisible();
    await expect(
      history
        .getByRole('listitem')
        .filter({ hasText: `BTC/USDT · ${SHORT_PERIOD}` })
        .first(),
    ).toContainText(TEXTS[lang].payout);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, `terms-history-${lang}.png`);
  });
}
