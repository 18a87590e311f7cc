import { deflateSync } from 'node:zlib';
import type { OrderDetail } from '@app/contracts';
import { api, expect, SHORT_PERIOD, test } from '../support/market-server.ts';
import { joinConsoleAs } from '../support/console-operator.ts';
import { fundedUser, openAs, post } from '../support/funded-user.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { text, type Lang } from '../support/texts.ts';

/**
 * Cases and disputes end to end: a user contests a settled order from its detail page in the app (390x844) with a
 * text and a picture; a finance operator decides it in the console (1280x800) with a correction, which a second
 * operator approves; the user then reads the decision, its reason and the credit in the app. Screens of the
 * contest form and the case page (en, zh) and of the console's case page are kept with E2E_SCREENSHOTS=1.
 */

const a = (key: string, lang: Lang = 'en') => text('account', lang, key);
const tr = (key: string, lang: Lang = 'en') => text('trade', lang, key);
const c = (key: string) => text('console', 'en', key);

/** A picture a person could look at (240x140, a chart-like line on a light ground), encoded here as a PNG. */
function chartPng(width = 240, height = 140): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3, 0xf4);
    for (let x = 0; x < width; x++) {
      const line = Math.round(height / 2 + 30 * Math.sin(x / 18) - x / 8);
      if (Math.abs(y - line) <= 1) row.set([0x1a, 0x5c, 0xd8], 1 + x * 3);
    }
    row[0] = 0;
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = chartPng();

async function settledOrder(base: string, token: string): Promise<OrderDetail> {
  const placed = await post<OrderDetail>(
    base,
    '/api/user/addorder',
    { symbol: 'BTC/USDT', seconds: String(SHORT_PERIOD), amount: '10', direction: 'up', key: `case-${Date.now()}` },
    token,
  );
  expect(placed.code, placed.msg).toBe(200);
  await expect
    .poll(async () => (await api<OrderDetail>(base, `/api/user/get_this_order?id=${placed.data.id}`, token)).status, {
      timeout: 60_000,
    })
    .toBe('settled');
  return api<OrderDetail>(base, `/api/user/get_this_order?id=${placed.data.id}`, token);
}

test('a user contests a settled order, operators correct it with a second approval, the user reads the decision', async ({
  page,
  browser,
  market,
}) => {
  test.setTimeout(240_000);
  const user = await fundedUser(market, 'case', '200');
  const order = await settledOrder(market.url, user.token);

  // The app: the order's detail leads to the contest form.
  await openAs(page, market, user.token, 'en', `/pages/user/order?tab=history&id=${order.id}`);
  await page.getByRole('link', { name: tr('detail.contest') }).click();
  await expect(page.getByRole('heading', { name: a('cases.contestTitle') })).toBeVisible();
  const form = page.getByTestId('contest-form');
  await expect(form.getByRole('heading', { name: `Order #${order.id}` })).toBeVisible();
  // Too short a text is refused in the user's language, before anything is sent.
  await form.getByLabel(a('cases.textLabel')).fill('wrong');
  await form.getByRole('button', { name: a('cases.submit') }).click();
  await expect(form.getByText(text('errors', 'en', 'case_text_too_short'))).toBeVisible();
  await form.getByLabel(a('cases.textLabel')).fill('The settlement price is not what the chart showed at that second.');
  await page.getByTestId('case-file-input').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: a('cases.filePreview') })).toBeVisible();
  await keepScreenshot(page, 'cases-contest-form-en.png', { fullPage: true });
  await form.getByRole('button', { name: a('cases.submit') }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/cases\?id=\d+$/);
  const caseId = Number(/id=(\d+)$/.exec(page.url())![1]);
  const detail = page.getByTestId('case-detail');
  await expect(detail.getByTestId('case-state')).toHaveText(a('cases.state.open'));
  await expect(page.getByRole('img', { name: a('cases.filePreview') })).toBeVisible();
  await keepScreenshot(page, 'cases-case-open-en.png', { fullPage: true });
  // A second case for the same order is refused.
  const again = await post(
    market.url,
    '/api/user/cases',
    { kind: 'order', item_id: String(order.id), text: 'Once more, the same order please.' },
    user.token,
  );
  expect(again.key).toBe('case_already_open');

  // The console: one finance operator proposes a correction, a second one approves it.
  const [first, second] = await Promise.all(
    [0, 1].map(() => browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })),
  );
  const maker = await first!.newPage();
  const checker = await second!.newPage();
  await joinConsoleAs(maker, 'finance', 'case-maker', market);
  await maker.getByRole('link', { name: c('nav.cases') }).click();
  await expect(maker.getByTestId(`case-row-${caseId}`)).toContainText(c('cases.state.open'));
  await keepScreenshot(maker, 'cases-console-queue.png');
  await maker.getByRole('button', { name: c('cases.open').replace('{{id}}', String(caseId)) }).click();
  await expect(maker.getByTestId('case-text')).toHaveText(
    'The settlement price is not what the chart showed at that second.',
  );
  await expect(maker.getByTestId('case-picture')).toBeVisible();
  const prices = maker.getByTestId('case-prices');
  await expect(prices).toContainText(order.open_price);
  await expect(prices).toContainText(order.settle_price!);
  await expect(maker.getByTestId('case-journals')).toContainText(`order:${order.id}:settle`);
  await maker.getByRole('radio', { name: new RegExp(`^${c('cases.choose.corrected')}`) }).check();
  await maker.getByLabel(c('cases.amount')).fill('5');
  await maker
    .getByLabel(c('cases.reasonForUser'))
    .fill('The settle second was recorded late: the stake is refunded in part.');
  await maker.getByRole('button', { name: c('cases.submit.corrected') }).click();
  await expect(maker.getByTestId('correction-waiting')).toBeVisible();
  await expect(maker.getByText(c('cases.notYourOwn'))).toBeVisible();
  await keepScreenshot(maker, 'cases-console-correcting.png', { fullPage: true });
  // Nothing has moved yet; the user sees the correction waiting.
  await page.reload();
  await expect(detail.getByTestId('case-state')).toHaveText(a('cases.state.correcting'));

  await joinConsoleAs(checker, 'finance', 'case-checker', market);
  await checker.goto(`${market.adminUrl}/console/#/cases/${caseId}`);
  await checker.getByRole('button', { name: c('cases.approveCorrection') }).click();
  const dialog = checker.getByRole('dialog');
  await dialog.getByLabel(c('reason.label')).fill('Checked the recorded series');
  await dialog.getByRole('button', { name: c('cases.approveCorrection') }).click();
  await expect(checker.getByTestId('case-journal')).toHaveText(/^adjustment:\d+$/);
  await expect(checker.getByTestId('case-reason')).toHaveText(
    'The settle second was recorded late: the stake is refunded in part.',
  );
  await keepScreenshot(checker, 'cases-console-decided.png', { fullPage: true });
  await Promise.all([first!.close(), second!.close()]);

  // The app: the decision, its reason and the credit; the inbox message.
  await page.reload();
  await expect(detail.getByTestId('case-state')).toHaveText(a('cases.outcome.corrected'));
  await expect(detail.getByTestId('case-reason')).toHaveText(
    'The settle second was recorded late: the stake is refunded in part.',
  );
  await expect(detail.getByTestId('case-amount')).toContainText('5.00');
  await keepScreenshot(page, 'cases-case-decided-en.png', { fullPage: true });
  const inbox = await api<{ items: Array<{ kind: string; body: string }> }>(market.url, '/api/user/msg', user.token);
  expect(inbox.items[0]).toMatchObject({ kind: 'case_corrected' });

  // The same screens in Chinese: the list, the decided case and the contest form.
  // (This script runs after openAs's, which set English, on every new document.)
  await page.addInitScript(() => localStorage.setItem('lang', 'zh'));
  await page.goto(`${market.url}/h5/#/pages/user/cases`);
  await page.reload();
  await expect(page.getByRole('heading', { name: a('cases.title', 'zh'), level: 1 })).toBeVisible();
  await expect(page.getByTestId(`case-${caseId}`)).toContainText(a('cases.outcome.corrected', 'zh'));
  await page.getByTestId(`case-${caseId}`).click();
  await expect(detail.getByTestId('case-state')).toHaveText(a('cases.outcome.corrected', 'zh'));
  await keepScreenshot(page, 'cases-case-decided-zh.png', { fullPage: true });
  await page.goto(`${market.url}/h5/#/pages/user/contest?kind=order&id=${order.id}`);
  await page.reload();
  await expect(page.getByLabel(a('cases.textLabel', 'zh'))).toBeVisible();
  await keepScreenshot(page, 'cases-contest-form-zh.png', { fullPage: true });
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
