import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@app/i18n/client';
import { renderAccountAt } from './render-account.tsx';
import { userInfoFixture } from '@app/contracts/fixtures';

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en' });
});
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'tok');
});
afterEach(() => vi.unstubAllGlobals());

type Answer = { code?: number; key?: string; msg?: string; data?: unknown };
type Call = { method: string; path: string; body: string };

/** A fake server: answers by "METHOD /path", records every call. */
function serve(routes: Record<string, Answer | ((call: Call) => Answer)>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', path: url.split('?')[0]!, body: String(init?.body ?? '') };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      const answer = typeof route === 'function' ? route(call) : route;
      if (!answer) return new Response(JSON.stringify({ code: 404, key: 'no_data', msg: 'No data', data: null }));
      return new Response(JSON.stringify({ code: 200, key: 'ok', msg: '', data: null, ...answer }));
    }),
  );
  return calls;
}

const SETTINGS = {
  service_channels: [{ kind: 'telegram', label: 'Telegram', url: 'https://t.me/help', hours: '09:00-21:00' }],
  download: { android: null, ios: null },
  withdraw_window: { from: '09:00', to: '21:00', time_zone: 'Asia/Shanghai' },
  checkin_reward: '1.00',
  time_zone: 'Asia/Shanghai',
};

describe('the customer-service page', () => {
  it('shows the conversation with the new answer, marks it read and lists the channels', async () => {
    const calls = serve({
      'GET /api/index/ater': { data: SETTINGS },
      'GET /api/user/service': {
        data: {
          unread: 1,
          items: [
            { id: 1, from: 'user', body: 'Where is my bonus?', topic: 'rewards', created_at: 1_700_000_000 },
            { id: 2, from: 'operator', body: 'It is on its way.', topic: null, created_at: 1_700_000_100 },
          ],
        },
      },
      'POST /api/user/service_read': { data: { unread: 0 } },
    });
    renderAccountAt('/pages/customer/customer', i18n);
    const thread = await screen.findByTestId('support-thread', {}, { timeout: 5000 });
    expect(within(thread).getByText('It is on its way.')).toBeTruthy();
    expect(within(thread).getByText('New answers')).toBeTruthy();
    expect(within(thread).getByText(/Rewards/)).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/service_read')).toBe(true));
    const channel = await screen.findByRole('link', { name: /Telegram/ });
    expect(channel.getAttribute('href')).toBe('https://t.me/help');
    expect(channel.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('Hours: 09:00-21:00')).toBeTruthy();
  });

  it('refuses an empty message inline without sending; a quick topic starts one that is sent with its topic', async () => {
    const sent: Call[] = [];
    const calls = serve({
      'GET /api/index/ater': { data: { ...SETTINGS, service_channels: [] } },
      'GET /api/user/service': { data: { unread: 0, items: [] } },
      'POST /api/user/service': (call) => {
        sent.push(call);
        return {
          key: 'support_sent',
          data: { id: 3, from: 'user', body: 'x', topic: 'password', created_at: 1_700_000_000 },
        };
      },
    });
    renderAccountAt('/pages/customer/customer', i18n);
    expect(await screen.findByText(/No messages yet/, {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText(/No other channels are published/)).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Send' });
    await act(async () => fireEvent.click(send));
    expect(screen.getByText('Please fill in the information')).toBeTruthy();
    expect(screen.getByLabelText('Your message').getAttribute('aria-invalid')).toBe('true');
    // Spaces only count as empty too (the server's schema trims).
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: '   ' } });
    await act(async () => fireEvent.click(send));
    expect(sent).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Forgotten password' }));
    expect(screen.getByRole('button', { name: 'Forgotten password' }).getAttribute('aria-pressed')).toBe('true');
    const box = screen.getByLabelText('Your message') as HTMLTextAreaElement;
    expect(box.value).toBe('I forgot my password and need help to get back into my account. ');
    fireEvent.change(box, { target: { value: `${box.value}New phone.` } });
    await act(async () => fireEvent.click(send));
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = new URLSearchParams(sent[0]!.body);
    expect(body.get('body')).toBe('I forgot my password and need help to get back into my account. New phone.');
    expect(body.get('topic')).toBe('password');
    await waitFor(() => expect((screen.getByLabelText('Your message') as HTMLTextAreaElement).value).toBe(''));
    expect(screen.queryByText('Please fill in the information')).toBeNull();
    // The conversation is fetched again after sending.
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/user/service').length).toBeGreaterThan(1);
  });

  it('lets a visitor write after confirming a phone by SMS code, with a ticket header; login stays offered', async () => {
    localStorage.clear();
    sessionStorage.clear();
    const headers: Record<string, string>[] = [];
    const calls = serve({
      'GET /api/index/ater': { data: SETTINGS },
      'POST /api/login/sendcode': { data: { resend_in: 60, expires_in: 300 }, key: 'code_sent' },
      'POST /api/guest/service/verify': { data: { ticket: 'sct_abc', expires_at: 4_000_000_000 } },
      'GET /api/guest/service': { data: { phone: '13800001234', items: [] } },
      'POST /api/guest/service': { data: { id: 1, from: 'user', body: 'x', topic: null, created_at: 1 } },
    });
    const fetchMock = vi.mocked(fetch);
    renderAccountAt('/pages/customer/customer', i18n);
    const login = await screen.findByRole('link', { name: 'Log in' }, { timeout: 5000 });
    expect(login.getAttribute('href')).toBe('#/pages/login/login?redirect=%2Fpages%2Fcustomer%2Fcustomer');
    expect(await screen.findByRole('link', { name: /Telegram/ })).toBeTruthy();

    const verify = await screen.findByTestId('guest-support-verify');
    fireEvent.change(within(verify).getByLabelText('Phone number'), { target: { value: '13800001234' } });
    fireEvent.click(within(verify).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/login/sendcode')).toBe(true));
    expect(new URLSearchParams(calls.find((c) => c.path === '/api/login/sendcode')!.body).get('purpose')).toBe(
      'support',
    );
    fireEvent.change(within(verify).getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(within(verify).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText(/Writing from 13800001234/)).toBeTruthy();
    // A visitor is promised neither topic chips nor a badge on Mine.
    expect(await screen.findByText('No messages yet. Write your question below.')).toBeTruthy();
    expect(screen.queryByText(/Pick a topic/)).toBeNull();
    expect(screen.queryByText(/badge on Mine/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'I cannot log in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/guest/service')).toBe(true));
    for (const [url, init] of fetchMock.mock.calls as [string, RequestInit | undefined][])
      if (String(url).includes('/api/guest/service') && !String(url).includes('verify'))
        headers.push((init?.headers ?? {}) as Record<string, string>);
    expect(headers.length).toBeGreaterThan(1);
    expect(headers.every((h) => h['x-support-ticket'] === 'sct_abc')).toBe(true);
    // The ticket is kept for this tab only.
    expect(JSON.parse(sessionStorage.getItem('support-guest-ticket')!).ticket).toBe('sct_abc');
  });
});

const STATUS = {
  checked_today: false,
  streak: 2,
  reward: '1.00',
  today: '2026-11-24',
  time_zone: 'Asia/Shanghai',
  week: ['18', '19', '20', '21', '22', '23', '24'].map((d) => ({
    day: `2026-11-${d}`,
    checked: d >= '22' && d < '24',
  })),
};
const USER = userInfoFixture({
  balances: { currency: 'USD', available: '5.00', frozen: '0.00', total: '5.00' },
});

describe('the daily check-in', () => {
  it('claims once, shows the result in a dialog and refreshes the balance', async () => {
    let checked = false;
    const calls = serve({
      'GET /api/user/checkin': () => ({ data: { ...STATUS, checked_today: checked, streak: checked ? 3 : 2 } }),
      'POST /api/user/checkin': () => {
        checked = true;
        return { key: 'checkin_done', data: { ...STATUS, checked_today: true, streak: 3 } };
      },
      'GET /api/user/index': () => ({
        data: { ...USER, balances: { ...USER.balances, available: checked ? '6.00' : '5.00' } },
      }),
    });
    renderAccountAt('/pages/user/activityCenter', i18n);
    expect((await screen.findByTestId('checkin-balance', {}, { timeout: 5000 })).textContent).toBe('5.00 U');
    expect(screen.getByTestId('checkin-streak').textContent).toBe('2');
    expect(screen.getByRole('list', { name: 'The last seven days' }).children).toHaveLength(7);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Check in' })));
    const dialog = await screen.findByRole('dialog', { name: 'Checked in' });
    expect(within(dialog).getByText('1.00 U has been added to your available balance.')).toBeTruthy();
    expect(within(dialog).getByText('Days in a row: 3')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('checkin-balance').textContent).toBe('6.00 U'));
    expect((screen.getByRole('button', { name: 'Checked in today' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it("shows the server's refusal in a dialog", async () => {
    serve({
      'GET /api/user/checkin': { data: STATUS },
      'POST /api/user/checkin': {
        code: 400,
        key: 'once_a_day',
        msg: 'This can only be claimed once a day',
        data: null,
      },
      'GET /api/user/index': { data: USER },
    });
    renderAccountAt('/pages/user/activityCenter', i18n);
    const button = await screen.findByRole('button', { name: 'Check in' }, { timeout: 5000 });
    await act(async () => fireEvent.click(button));
    const dialog = await screen.findByRole('dialog', { name: 'Not checked in' });
    expect(within(dialog).getByText('This can only be claimed once a day')).toBeTruthy();
  });
});

describe('a news article', () => {
  it('shows its date and a body from which the renderer removed scripts and handlers', async () => {
    serve({
      'GET /api/index/about_details': {
        data: {
          id: 7,
          kind: 'news',
          title: 'Recharging step by step',
          summary: 's',
          lang: 'en',
          link: null,
          tone: 'brand',
          activity_type: null,
          published_at: 1_700_000_000,
          starts_at: null,
          ends_at: null,
          pinned: false,
          body: '<p onclick="alert(1)">Open <strong>Recharge</strong></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
        },
      },
    });
    renderAccountAt('/pages/news/details?id=7', i18n);
    const article = await screen.findByTestId('article', {}, { timeout: 5000 });
    expect(within(article).getByRole('heading', { name: 'Recharging step by step' })).toBeTruthy();
    expect(within(article).getByText(/^Published /)).toBeTruthy();
    expect(article.querySelector('script, [onclick]')).toBeNull();
    expect(article.querySelector('a')!.hasAttribute('href')).toBe(false);
    expect(article.querySelector('p strong')!.textContent).toBe('Recharge');
  });

  it('says when the id leads nowhere', async () => {
    serve({});
    renderAccountAt('/pages/news/details?id=abc', i18n);
    expect(await screen.findByText('This item is no longer available.', {}, { timeout: 5000 })).toBeTruthy();
  });
});
