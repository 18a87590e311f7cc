import type { Page } from '@playwright/test';
import { open } from '../support/app.ts';
import { expect, test, type MarketServer } from '../support/market-server.ts';
import { watchRequests } from '../support/network.ts';
import { operatorAuth, sharedOperators } from '../support/operators.ts';
import { latestCode, uniquePhone } from '../support/outbox.ts';
import { registerByApi, useSession } from '../support/session.ts';
import { text, texts } from '../support/texts.ts';
import { keepScreenshot } from '../support/screenshots.ts';

/**
 * A new user's first hour (issue #29): what went wrong on the first screens someone meets, each checked the way
 * it bit. Home on a phone after the markets strip has moved; binding a card with one tap after a correction;
 * Home's content after a language change; Register after a look at the user agreement; the auth pages' bar and
 * focus rings; Home's notices, the avatar on Mine and on the user info page; leaving a live chart.
 */

const stamp = () => Date.now().toString(36);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOQqziBFTEMpAQAG7NBoZm0iP0AAAAASUVORK5CYII=',
  'base64',
);

/** Waits two frames: what the page scheduled for its next paint has run (lightweight-charts draws in one). */
const frames = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

test.describe('on a phone (mobile viewport)', () => {
  test.use({ isMobile: true });

  test('Home stays as wide as the screen once the markets strip moves: no sideways scroll, every tab on screen', async ({
    page,
    market,
  }) => {
    const spoken = new RegExp(
      `^(${text('trade', 'en', 'market.movedUp')}|${text('trade', 'en', 'market.movedDown')})$`,
    );
    const screens: Array<[number, number, string]> = [
      [390, 844, '/'],
      [360, 800, '/'],
      [360, 800, '/pages/index/index'],
    ];
    for (const [width, height, route] of screens) {
      await page.setViewportSize({ width, height });
      await page.goto(`${market.url}/h5/#${route}`);
      await page.locator('[data-widget="trade/quotes-strip"]').scrollIntoViewIfNeeded();
      const strip = page.getByTestId('quotes-strip');
      await expect(strip).toBeVisible();
      // A live price has moved: the strip now holds the visually hidden "up" / "down" that says so.
      await expect(strip.getByText(spoken).first()).toBeAttached();
      const where = `${route} at ${width} px`;
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), where).toBeLessThanOrEqual(width);
      const tabs = page.getByRole('navigation', { name: text('common', 'en', 'tabs.label') }).getByRole('link');
      await expect(tabs).toHaveCount(4);
      const edges = await tabs.evaluateAll((links) =>
        links.map((a) => {
          const r = a.getBoundingClientRect();
          return [Math.round(r.left), Math.round(r.right)];
        }),
      );
      for (const [left, right] of edges) {
        expect(left, where).toBeGreaterThanOrEqual(0);
        expect(right, where).toBeLessThanOrEqual(width);
      }
    }
  });
});

test('Bind bank card: after a wrong card number is corrected, one tap on "Bind card" sends it', async ({ page }) => {
  const user = await registerByApi(`card${stamp()}`);
  await useSession(page, user.token, 'en');
  await open(page, '/pages/payment/bindbank');
  const sent: string[] = [];
  page.on('request', (r) => void (r.url().includes('/api/user/add_card') && sent.push(r.method())));

  await page.getByLabel('Bank name').fill('E2E Bank');
  await page.getByLabel('Branch or area').fill('Main branch');
  await page.getByLabel('Card holder').fill('Demo User');
  const card = page.getByLabel('Card number');
  await card.fill('1234');
  const bind = page.getByRole('button', { name: 'Bind card' });
  await bind.tap();
  await expect(page.getByText(text('errors', 'en', 'card_number_invalid'))).toBeVisible();
  expect(sent).toEqual([]);

  // The finger goes back to the field, corrects it, and taps the button once.
  await card.fill(`6222${Date.now().toString().slice(-12)}`);
  await bind.tap();
  await expect.poll(() => sent, { message: 'add_card requests after one tap' }).toEqual(['POST']);
  await expect(page).toHaveURL(/#\/pages\/payment\/payment$/);
  await expect(page.getByTestId('method-list')).toContainText('E2E Bank');
  expect(sent).toEqual(['POST']);
});

test('Bind bank card: one tap on the button with a wrong number still in the field shows every error at once', async ({
  page,
}) => {
  // Chinese at 360 px: the blur of the tap added the card's error line there and pushed the button from under
  // the finger, so the tap showed one error instead of submitting.
  await page.setViewportSize({ width: 360, height: 800 });
  const user = await registerByApi(`cardzh${stamp()}`);
  await useSession(page, user.token, 'zh');
  await open(page, '/pages/payment/bindbank');
  const sent: string[] = [];
  page.on('request', (r) => void (r.url().includes('/api/user/add_card') && sent.push(r.method())));
  await page.getByLabel(text('wallet', 'zh', 'bank.bank_name')).fill('E2E Bank');
  await page.getByLabel(text('wallet', 'zh', 'bank.card_number')).fill('1234');
  await page.getByRole('button', { name: text('wallet', 'zh', 'bank.submit') }).tap();
  // The submit ran: the empty fields say so too, not only the card number that was just left.
  await expect(page.getByText(text('errors', 'zh', 'card_number_invalid'))).toBeVisible();
  await expect(page.getByText(text('errors', 'zh', 'please_fill_in'))).toHaveCount(2);
  expect(sent).toEqual([]);
});

test("Home's banners and notices follow a language change made in the app, without a reload", async ({ page }) => {
  await useSession(page, process.env.E2E_TOKEN!, 'en');
  await open(page, '/');
  const notices = page.getByTestId('home-notices');
  await expect(notices).toContainText('Withdrawal hours');
  await expect(page.getByTestId('home-banner')).toContainText('Welcome to Yuebao');
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));

  await open(page, '/pages/user/language');
  await page.getByRole('radio', { name: 'Deutsch' }).click();
  await open(page, '/');
  await expect(page.getByRole('heading', { name: text('common', 'de', 'home.title') })).toBeVisible();
  await expect(notices).toContainText('Auszahlungszeiten');
  await expect(notices).not.toContainText('Withdrawal hours');
  await expect(page.getByTestId('home-banner')).toContainText('Willkommen bei Yuebao');
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('Register keeps what was typed across a look at the user agreement; the password never goes to storage', async ({
  page,
}) => {
  const account = `fh${stamp()}`;
  const phone = uniquePhone();
  const password = `pw${stamp()}`;
  await open(page, '/pages/login/register');
  await page.getByLabel('Account name').fill(account);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  const code = await latestCode(phone);
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('Invitation code').fill('WELCOME');
  await page.getByRole('checkbox').check();

  await page.getByRole('link', { name: 'user agreement' }).click();
  await expect(page.getByRole('heading', { name: text('account', 'en', 'agreement.title') })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();

  await expect(page.getByLabel('Account name')).toHaveValue(account);
  await expect(page.getByLabel('Phone number')).toHaveValue(phone);
  await expect(page.getByLabel('Verification code')).toHaveValue(code);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(password);
  await expect(page.getByLabel('Confirm password')).toHaveValue(password);
  await expect(page.getByLabel('Invitation code')).toHaveValue('WELCOME');
  await expect(page.getByRole('checkbox')).toBeChecked();
  const stored = () => page.evaluate(() => JSON.stringify([{ ...sessionStorage }, { ...localStorage }]));
  expect(await stored()).not.toContain(password);

  // A reload loses what only memory held: every other field comes back, and the form says the password did not.
  await page.reload();
  await expect(page.getByLabel('Account name')).toHaveValue(account);
  await expect(page.getByLabel('Verification code')).toHaveValue(code);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page.getByText(text('account', 'en', 'register.passwordNotKept'))).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/user$/);
  expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage })), 'the draft, once registered').not.toContain(
    account,
  );
});

for (const [lang, name, heading] of [
  ['de', '/pages/login/register', 'register.title'],
  ['th', '/pages/login/login', 'login.title'],
] as const) {
  test(`${name} in ${lang} at 360 px: the bar covers the page scrolled under it`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 400 });
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    await open(page, name);
    const title = page.getByRole('heading', { level: 1, name: text('account', lang, heading) });
    await expect(title).toBeVisible();
    await expect(page.locator('input[name="account"]')).toBeVisible();
    // Scrolled until the heading has gone under the bar, which must hide it rather than show it through.
    const scrolledUnder = () =>
      title.evaluate((h) => {
        window.scrollTo(0, 80);
        return h.getBoundingClientRect().top;
      });
    await expect.poll(scrolledUnder).toBeLessThan(44);
    const bar = page.locator('header').first();
    expect(await bar.evaluate((h) => h.getBoundingClientRect().top)).toBe(0);
    expect(await bar.evaluate((h) => getComputedStyle(h).backgroundColor)).not.toMatch(/^(transparent|rgba\(.*, 0\))$/);
  });
}

test("Login and Register: a field's focus ring follows its rounded box, not a square inside it", async ({ page }) => {
  for (const [route, heading] of [
    ['/pages/login/login', 'login.title'],
    ['/pages/login/register', 'register.title'],
  ] as const) {
    await open(page, route);
    await expect(page.getByRole('heading', { level: 1, name: text('account', 'en', heading) })).toBeVisible();
    const input = page.getByRole('textbox').first();
    await input.focus();
    const ring = await input.evaluate((el) => {
      const box = getComputedStyle(el.closest('div')!);
      return {
        input: getComputedStyle(el).outlineStyle,
        boxRadius: box.borderTopLeftRadius,
        boxRing: box.boxShadow !== 'none' || box.outlineStyle !== 'none',
      };
    });
    expect(ring.input, `${route}: a square ring on the bare input`).toBe('none');
    expect(ring.boxRing, `${route}: the rounded box shows the focus`).toBe(true);
    expect(ring.boxRadius).not.toBe('0px');
  }
});

test('Home shows each notice once: the marquee holds none of the notices listed under it', async ({ page }) => {
  await open(page, '/');
  const notices = page.getByTestId('home-notices');
  await expect(notices.getByRole('listitem').first()).toBeVisible();
  await expect(notices).toContainText('Withdrawal hours');
  // One moment's view of the card: what the marquee shows and what the list shows.
  const seen = await notices.evaluate((card) => ({
    marquee: card.querySelector('[role="marquee"]')?.textContent ?? null,
    list: [...card.querySelectorAll('li')].map((li) => li.textContent ?? ''),
  }));
  for (const item of seen.list) if (seen.marquee) expect(item, 'a listed notice').not.toContain(seen.marquee);
  expect((await notices.innerText()).split('Withdrawal hours').length - 1, 'times "Withdrawal hours" shows').toBe(1);
});

test('a user without a picture: nobody asks the server for it, so no 404 is logged', async ({ page }) => {
  const user = await registerByApi(`nopic${stamp()}`);
  const asked: number[] = [];
  page.on('response', (r) => void (new URL(r.url()).pathname === '/api/user/avatar' && asked.push(r.status())));
  await useSession(page, user.token, 'en');
  const requests = watchRequests(page);
  await open(page, '/pages/user/user');
  await expect(page.getByRole('heading', { level: 1, name: text('account', 'en', 'mine.title') })).toBeVisible();
  await open(page, '/pages/user/info');
  await expect(page.getByText(text('account', 'en', 'avatar.change'))).toBeVisible();
  await expect(page.getByText(text('account', 'en', 'info.account'))).toBeVisible();
  await requests.idle();
  expect(asked, 'answers to GET /api/user/avatar').toEqual([]);
});

test('after a picture is uploaded, Mine shows it instead of the initial', async ({ page }) => {
  const user = await registerByApi(`pic${stamp()}`);
  await useSession(page, user.token, 'en');
  await open(page, '/pages/user/user');
  const profile = page.getByRole('region', { name: text('account', 'en', 'mine.profile') });
  await expect(profile).toContainText(user.account);
  await expect(profile.locator('img')).toHaveCount(0);
  await page.getByRole('link', { name: text('account', 'en', 'mine.menu.userInfo') }).click();
  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('avatar-image')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/#\/pages\/user\/user$/);
  await expect(profile.locator('img')).toBeVisible();
  expect(await profile.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(256);
});

/** A fresh user on the market server (its own SMS outbox): the other trading specs' demo orders stay theirs. */
async function freshUser(market: MarketServer): Promise<string> {
  const form = (body: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  const phone = uniquePhone();
  await fetch(`${market.url}/api/login/sendcode`, form({ phone, purpose: 'register' }));
  const code = await latestCode(phone, market);
  const reg = await fetch(
    `${market.url}/api/login/reg`,
    form({
      account: `chart${stamp()}`,
      phone,
      password: 'secret123',
      password_confirm: 'secret123',
      code,
      invite_code: 'WELCOME',
      agree: '1',
    }),
  );
  return ((await reg.json()) as { data: { token: string } }).data.token;
}

test('leaving a trade page whose chart shows a running order throws nothing', async ({ page, market }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A practice order (virtual money) of a user of its own: nothing another spec counts on.
  const token = await freshUser(market);
  const placed = await fetch(`${market.url}/api/user/addorder`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', token },
    body: new URLSearchParams({
      symbol: 'BTC/USDT',
      seconds: '120',
      amount: '10',
      direction: 'up',
      key: `first-hour-${stamp()}`,
      mode: 'practice',
    }).toString(),
  });
  expect(((await placed.json()) as { code: number }).code).toBe(200);
  await page.addInitScript((tk) => {
    localStorage.setItem('token', tk);
    localStorage.setItem('lang', 'en');
    localStorage.setItem('trade.mode', 'practice');
  }, token);

  // The error came at the next frame, and only when no frame was already planned at that moment: in and out a
  // few times, as someone looking at prices does.
  for (let visit = 1; visit <= 4; visit++) {
    await page.goto(`${market.url}/h5/#/pages/trade/trade?symbol=BTC%2FUSDT`);
    await expect(page.getByTestId('kline-chart').locator('canvas').first()).toBeVisible();
    await expect(page.getByTestId('running-order').first()).toBeVisible();
    await frames(page);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByTestId('kline-chart')).toHaveCount(0);
    await frames(page);
    expect(errors, `after visit ${visit}`).toEqual([]);
  }
});

/** "Nov 28, 2026, 14:05" as the app formats a moment in English, in the browser's zone. */
const moment = (page: Page, seconds: number) =>
  page.evaluate(
    (s) =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(
        new Date(s * 1000),
      ),
    seconds,
  );

test('a withdrawal hold is announced where it starts, and the withdraw page stops at Continue with the same moment', async ({
  page,
}) => {
  const user = await registerByApi(`hold${stamp()}`);
  await useSession(page, user.token, 'en');

  // A new login password: the page says before the change how long withdrawals wait, and the success says until when.
  await open(page, '/pages/user/setpassword');
  await expect(page.getByTestId('hold-ahead')).toHaveText(
    /^For your security, withdrawals pause for \d+ hours? after the password is changed\.$/,
  );
  await page.getByLabel(text('account', 'en', 'password.old')).fill(user.password);
  await page.getByLabel(text('account', 'en', 'password.new'), { exact: true }).fill('secret456');
  await page.getByLabel(text('account', 'en', 'password.confirm')).fill('secret456');
  await page.getByRole('button', { name: text('common', 'en', 'actions.save') }).click();
  const toast = page.getByRole('status').filter({ hasText: text('errors', 'en', 'password_changed') });
  await expect(toast).toContainText('withdrawals are on hold until');
  const rules = async () =>
    (await (await fetch(`${process.env.E2E_API_URL}/api/user/cash`, { headers: { token: user.token } })).json()) as {
      data: { hold_until: number | null };
    };
  const hold = (await rules()).data.hold_until!;
  expect(hold).toBeGreaterThan(Date.now() / 1000);
  const until = await moment(page, hold);
  await expect(toast).toContainText(until);

  // A new card: the form says before binding that withdrawals to it wait, and the toast says until when.
  await open(page, '/pages/payment/bindbank');
  await expect(page.getByTestId('hold-ahead')).toContainText(/receive withdrawals \d+ hours? after it is saved/);
  await page.getByLabel('Bank name').fill('E2E Bank');
  await page.getByLabel('Branch or area').fill('Main branch');
  await page.getByLabel('Card holder').fill('Demo User');
  await page.getByLabel('Card number').fill(`6222${Date.now().toString().slice(-12)}`);
  await page.getByRole('button', { name: 'Bind card' }).click();
  await expect(page).toHaveURL(/#\/pages\/payment\/payment$/);
  await expect(page.getByRole('status')).toContainText(/withdrawals to it are on hold until .+/);

  // The withdraw page: nothing to fill in vain; Continue is off, and says why and until when, once.
  await open(page, '/pages/user/cash');
  const next = page.getByRole('button', { name: text('wallet', 'en', 'cash.next') });
  await expect(next).toBeDisabled();
  const reason = page.getByTestId('cash-blocked');
  await expect(reason).toBeVisible();
  const cardHold = (
    (await (await fetch(`${process.env.E2E_API_URL}/api/user/payment`, { headers: { token: user.token } })).json()) as {
      data: { items: Array<{ hold_until: number }> };
    }
  ).data.items[0]!.hold_until;
  await expect(reason).toHaveText(
    text('errors', 'en', 'withdraw_on_hold').replace('{{until}}', await moment(page, Math.max(hold, cardHold))),
  );
  await expect(next).toHaveAttribute('aria-describedby', (await reason.getAttribute('id'))!);
  await expect(page.getByText(/on hold until/)).toHaveCount(1);
});

for (const [lang, width] of [
  ['de', 360],
  ['th', 390],
] as const) {
  test(`Recharge in ${lang} at ${width} px: a translated picture picker with a preview, the address in whole groups, errors gone once fixed`, async ({
    page,
    market,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    const token = await freshUser(market);
    await page.addInitScript(
      ([tk, l]) => {
        localStorage.setItem('token', tk!);
        localStorage.setItem('lang', l!);
      },
      [token, lang],
    );
    await page.goto(`${market.url}/h5/#/pages/user/rechargeList`);
    await page.getByRole('link', { name: /USDT TRC20/ }).click();
    const w = (key: string) => text('wallet', lang, key);
    const e = (key: string) => text('errors', lang, key);

    // The address: each group of four whole on one line, the Copy button on the label's line, not beside a tail.
    const address = page.getByTestId('copy-value');
    await expect(address).toBeVisible();
    const layout = await address.evaluate((value) => {
      const copy = value.parentElement!.querySelector('button')!.getBoundingClientRect();
      return {
        groups: [...value.children].map((g) => g.getClientRects().length),
        lastLine: (() => {
          const tops = [...value.children].map((g) => Math.round(g.getBoundingClientRect().top));
          return tops.filter((top) => top === Math.max(...tops)).length;
        })(),
        text: value.textContent,
        copyBottom: copy.bottom,
        valueTop: value.getBoundingClientRect().top,
      };
    });
    expect(layout.text).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(new Set(layout.groups)).toEqual(new Set([1]));
    expect(layout.lastLine, 'groups on the last line: the short tail is not left alone').toBeGreaterThanOrEqual(2);
    expect(layout.copyBottom).toBeLessThanOrEqual(layout.valueTop + 1);

    // The picker speaks the app's language; the browser's own control is out of sight.
    const input = page.getByTestId('screenshot-input');
    expect((await input.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    await expect(page.getByText(w('recharge.choosePicture'))).toBeVisible();

    // Submitted empty: each field says so; each error goes as its field is put right. A transfer on the chain
    // names no payer, so the amount and the picture are all it asks for.
    await page.getByRole('button', { name: w('recharge.submit') }).click();
    await expect(page.getByText(e('please_fill_in'))).toHaveCount(1);
    await expect(page.getByText(e('upload_required'))).toBeVisible();
    await expect(page.getByLabel(w('recharge.payer'))).toHaveCount(0);
    const amount = page.getByLabel(w('recharge.amount'));
    await amount.fill('abc');
    await expect(page.getByText(e('amount_not_number'))).toBeVisible();
    await amount.fill('-5');
    await expect(page.getByText(e('amount_not_positive'))).toBeVisible();
    await amount.fill('500');
    await expect(page.getByText(e('please_fill_in'))).toHaveCount(0);
    await input.setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: w('recharge.screenshotPreview') })).toBeVisible();
    await expect(page.getByText(w('recharge.changePicture'))).toBeVisible();
    await expect(page.getByText(e('upload_required'))).toHaveCount(0);
    await keepScreenshot(page, `first-hour-recharge-${lang}-${width}.png`, { fullPage: true });
  });
}

test('entry points: News, My projects and Exchange from Mine, My projects from the Project tab, unread on the Mine tab', async ({
  page,
}) => {
  const user = await registerByApi(`entry${stamp()}`);
  const me = (await (
    await fetch(`${process.env.E2E_API_URL}/api/user/index`, { headers: { token: user.token } })
  ).json()) as { data: { id: number } };
  await useSession(page, user.token, 'en');
  const a = (key: string) => text('account', 'en', key);

  // Nothing unread yet: the Mine tab carries no count.
  await open(page, '/pages/project/project');
  const mineTab = page.getByRole('navigation', { name: text('common', 'en', 'tabs.label') }).getByRole('link', {
    name: text('common', 'en', 'tabs.mine'),
  });
  await expect(mineTab).toBeVisible();
  await expect(page.getByTestId('tab-mine-icon')).not.toHaveAttribute('data-count');
  await page.getByRole('link', { name: text('invest', 'en', 'mine.title') }).click();
  await expect(page).toHaveURL(/#\/pages\/project\/myproject$/);

  // An operator writes to the user: the Mine tab says so from any tab page.
  const sent = await fetch(`${process.env.E2E_ADMIN_URL}/admin/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...operatorAuth(sharedOperators().sam) },
    body: JSON.stringify({ reason: 'e2e: unread badge', user_id: me.data.id, title: 'Hello', body: 'A message' }),
  });
  expect(sent.status).toBe(200);
  await open(page, '/pages/user/order');
  await expect(page.getByTestId('tab-mine-icon')).toHaveAttribute('data-count', '1');
  await expect(mineTab).toHaveAccessibleDescription(text('common', 'en', 'tabs.unread'));

  // Mine's headline is the whole money picture: total assets and yesterday's earnings (defect 9).
  await open(page, '/pages/user/user');
  await expect(page.getByText(text('common', 'en', 'money.totalAssets'))).toBeVisible();
  await expect(page.getByTestId('total-assets')).toHaveText('0.00 U');
  await expect(page.getByTestId('yesterday-earnings')).toContainText(text('common', 'en', 'money.yesterdayEarnings'));
  await expect(page.getByText(text('common', 'en', 'money.plans'))).toBeVisible();

  // Mine leads to News, My projects and Exchange.
  for (const [label, url] of [
    ['mine.menu.news', /#\/pages\/news\/news$/],
    ['mine.menu.myProjects', /#\/pages\/project\/myproject$/],
    ['mine.menu.exchange', /#\/pages\/user\/wallet\?view=exchange$/],
  ] as const) {
    await open(page, '/pages/user/user');
    await page.getByRole('link', { name: a(label) }).click();
    await expect(page).toHaveURL(url);
  }
  await expect(page.getByRole('button', { name: text('wallet', 'en', 'exchange.getQuote') })).toBeVisible();
});

for (const [lang, width, route, title] of [
  ['de', 390, '/pages/trade/trade?symbol=BTC%2FUSDT', 'BTC/USDT'],
  ['th', 360, '/pages/trade/trade', text('trade', 'th', 'trade.title')],
] as const) {
  test(`the trade route's static frame has its nav bar, Back and title while the scripts are still on their way (${lang}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    // A slow network: no script arrives during the test, so what shows is the frame alone.
    await page.route('**/*.js', () => undefined);
    // Came from Mine, then the trade page's own document (a new load: only a new document shows the frame).
    // The documents' load never has to come: a script the boot adds before it would hold it, and no script arrives.
    await page.goto(`${process.env.E2E_BASE_URL}/h5/#/pages/user/user`, { waitUntil: 'commit' });
    await page.goto(`${process.env.E2E_BASE_URL}/h5/?from=mine#${route}`, { waitUntil: 'commit' });
    const nav = page.locator('.bf .bf-nav');
    await expect(nav.locator('.bf-title')).toHaveText(title);
    const back = nav.getByRole('button', { name: text('common', lang, 'actions.back') });
    await expect(back).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-boot-nav'))).toBe('brand');
    const box = (await nav.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await keepScreenshot(page, `first-hour-trade-frame-${lang}-${width}.png`);
    // The button works before any bundle: it goes back where the user came from.
    await back.click();
    await expect(page).toHaveURL(/\/h5\/#\/pages\/user\/user$/);
  });
}

test('no developer text in any language the product ships: no README, no example addresses', () => {
  for (const ns of ['common', 'errors', 'account', 'trade', 'wallet', 'invest']) {
    for (const lang of ['en', 'de', 'es', 'fr', 'hk', 'jp', 'kor', 'th', 'zh', 'vi'] as const) {
      const all = JSON.stringify(texts(ns, lang));
      expect(all, `${ns} in ${lang}`).not.toMatch(/\bREADME\b|example\.(com|org)|[Ll]orem ipsum|\bTODO\b/);
    }
  }
});
