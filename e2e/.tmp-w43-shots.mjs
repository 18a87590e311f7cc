import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const S = 'http://127.0.0.1:39180';
const token = readFileSync('/tmp/w43/token', 'utf8').trim();
const [, , which, lang = 'en', id = '1'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
await page.addInitScript(([t, l]) => { localStorage.setItem('token', t); localStorage.setItem('lang', l); }, [token, lang]);
const shot = (name, full = false) => page.screenshot({ path: `/tmp/w43/shots/${name}-${lang}.png`, fullPage: full });
if (which === 'detail') {
  await page.goto(`${S}/h5/#/pages/user/order?tab=history&id=${id}`);
  await page.getByTestId('order-detail').waitFor();
  await page.waitForTimeout(800);
  await shot(`detail-${id}`, true);
  await page.getByTestId('verify-order').click();
  await page.getByTestId('verify-status').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid=verify-status]')?.getAttribute('data-status') !== 'pending', null, { timeout: 30000 }).catch(() => {});
  await page.waitForTimeout(800);
  await shot(`verify-${id}`);
  await shot(`verify-${id}-full`, true);
  await page.locator('section[aria-label]').nth(1).evaluate((e) => e.scrollIntoView());
  await page.waitForTimeout(300);
  await shot(`verify-${id}-reference`);
  await page.locator('section[aria-label]').nth(3).evaluate((e) => e.scrollIntoView());
  await page.waitForTimeout(300);
  await shot(`verify-${id}-arith`);
  console.log(await page.getByTestId('verify-status').getAttribute('data-status'));
} else if (which === 'confirm') {
  await page.goto(`${S}/h5/#/pages/trade/trade?symbol=BTC%2FUSDT`);
  await page.getByTestId('order-sheet').or(page.getByRole('button', { name: /rise|涨/i }).first()).first().waitFor();
  await page.getByRole('button', { name: lang === 'en' ? 'Buy rise' : /买涨/ }).click();
  const sheet = page.getByTestId('order-sheet');
  await sheet.getByRole('radio').first().click();
  await sheet.getByLabel(lang === 'en' ? 'Amount' : '金额', { exact: true }).fill('10');
  await sheet.getByRole('button', { name: lang === 'en' ? 'Review order' : /确认|查看/ }).click();
  const understand = page.getByRole('dialog').getByRole('button', { name: lang === 'en' ? 'I understand' : /了解|明白/ });
  if (await understand.isVisible().catch(() => false)) await understand.click();
  await page.getByTestId('confirm-terms').waitFor();
  await page.getByTestId('confirm-second-source').scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await shot('confirm');
} else if (which === 'mine') {
  await page.goto(`${S}/h5/#/pages/user/user`);
  await page.getByTestId('liabilities-card').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid=liabilities-card]')?.getAttribute('data-state') !== 'checking');
  await page.getByTestId('liabilities-card').scrollIntoViewIfNeeded();
  await page.waitForTimeout(600);
  console.log(await page.getByTestId('liabilities-card').getAttribute('data-state'));
  await shot('mine');
  await page.getByTestId('liabilities-card').locator('summary').click();
  await page.waitForTimeout(300);
  await page.getByTestId('liabilities-card').screenshot({ path: `/tmp/w43/shots/mine-card-open-${lang}.png` });
} else if (which === 'terms') {
  await page.goto(`${S}/h5/#/pages/trade/terms`);
  await page.getByTestId('terms-history').waitFor();
  await page.waitForTimeout(800);
  await shot('terms');
}
await browser.close();
