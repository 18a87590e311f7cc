import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore, selectToken } from '@app/api-client';
import type { ClosureCheck, WithdrawAllowlist } from '@app/contracts';
import { userInfoFixture } from '@app/contracts/fixtures';
import { initI18n } from '@app/i18n/client';
import { ToastProvider } from '@app/ui';
import AllowlistPage from '../routes/allowlist-page.tsx';
import CloseAccountPage from '../routes/close-account-page.tsx';

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en' });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const envelope = (data: unknown, key = 'ok') => Response.json({ code: 200, key, msg: key, data });
const refusal = (key: string, field?: string, params: Record<string, unknown> = {}) =>
  Response.json({ code: 400, key, msg: key, data: { ...(field ? { field } : {}), params } });

type Posted = { path: string; body: URLSearchParams };

/** The server of both pages: the user info, the allow-list and the closure check; POSTs answered by `answer`. */
function fakeServer(options: {
  allowlist?: WithdrawAllowlist;
  check?: ClosureCheck;
  secondFactor?: boolean;
  answer: (post: Posted) => Response;
}) {
  const posts: Posted[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      if (init?.method === 'POST') {
        const post = { path, body: new URLSearchParams(String(init.body ?? '')) };
        posts.push(post);
        return options.answer(post);
      }
      if (path.includes('/api/user/index'))
        return envelope({ ...userInfoFixture(), second_factor: options.secondFactor ?? false });
      if (path.includes('/api/user/withdraw_allowlist')) return envelope(options.allowlist);
      if (path.includes('/api/user/close_check')) return envelope(options.check);
      return Response.json({ code: 404, key: 'not_found', msg: '', data: null });
    }),
  );
  return posts;
}

function renderPage(page: React.ReactNode, path: string) {
  const store = makeStore({ session: { token: 't', endedBecause: null } });
  const router = createMemoryRouter(
    [
      { path: '/pages/login/login', element: <p data-testid="login">login</p> },
      { path: '*', element: <Suspense fallback={null}>{page}</Suspense> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </I18nextProvider>
    </Provider>,
  );
  return { store, router };
}

const OFF: WithdrawAllowlist = { state: 'off', on_since: null, off_at: null, hold_hours: 24, off_delay_hours: 24 };
const ON: WithdrawAllowlist = { ...OFF, state: 'on', on_since: 1_767_000_000 };
const TURNING_OFF: WithdrawAllowlist = { ...ON, state: 'turning_off', off_at: 1_767_300_000 };

describe('withdrawal allow-list page', () => {
  it('explains the mode, turns it on at once, and turns it off with the fund password, showing when', async () => {
    const posts = fakeServer({
      allowlist: OFF,
      answer: ({ body }) =>
        body.get('on') === '1'
          ? envelope(ON, 'allowlist_on')
          : body.get('fund_password') === 'fund1234'
            ? envelope(TURNING_OFF, 'allowlist_turning_off')
            : refusal('fund_password_wrong', 'fund_password'),
    });
    renderPage(<AllowlistPage />, '/pages/user/allowlist');
    expect(await screen.findByText(/withdrawals go only to payout methods bound at least 24 hours ago/)).toBeTruthy();
    const off = await screen.findByTestId('allowlist-state');
    expect(off.dataset.state).toBe('off');
    fireEvent.click(within(off).getByRole('button', { name: 'Turn on allow-list mode' }));
    await waitFor(() => expect(screen.getByTestId('allowlist-state').dataset.state).toBe('on'));
    expect(posts.map((p) => Object.fromEntries(p.body))).toEqual([{ on: '1' }]);

    // Off asks for the fund password before anything is sent; a wrong one is said at the field.
    const turnOff = screen.getByRole('button', { name: 'Turn off in 24 hours' });
    fireEvent.click(turnOff);
    expect(await screen.findByText('Please enter your fund password')).toBeTruthy();
    expect(posts).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Fund password'), { target: { value: 'wrong999' } });
    fireEvent.click(turnOff);
    await waitFor(() => expect(posts).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Fund password'), { target: { value: 'fund1234' } });
    fireEvent.click(turnOff);
    await waitFor(() => expect(screen.getByTestId('allowlist-state').dataset.state).toBe('turning_off'));
    expect(Object.fromEntries(posts[2]!.body)).toEqual({ on: '0', fund_password: 'fund1234' });
    expect(screen.getByTestId('allowlist-state').textContent).toMatch(/It turns off at .*2026/);
    expect(screen.getByRole('button', { name: 'Keep it on' })).toBeTruthy();
  });

  it('asks for the second factor too when one is on', async () => {
    const posts = fakeServer({ allowlist: ON, secondFactor: true, answer: () => envelope(TURNING_OFF) });
    renderPage(<AllowlistPage />, '/pages/user/allowlist');
    const form = await screen.findByTestId('allowlist-state');
    fireEvent.change(within(form).getByLabelText('Fund password'), { target: { value: 'fund1234' } });
    const code = await within(form).findByLabelText(/code/i);
    fireEvent.click(within(form).getByRole('button', { name: 'Turn off in 24 hours' }));
    expect(posts).toHaveLength(0);
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Turn off in 24 hours' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body.get('second_factor_code')).toBe('123456');
  });
});

describe('close my account page', () => {
  it('lists what is left to do first, each with its page, and offers no close button', async () => {
    const posts = fakeServer({
      check: {
        can_close: false,
        blockers: [
          { kind: 'orders', count: 2, amount: null, asset: null },
          { kind: 'coins', asset: 'BTC', amount: '0.01000000', count: null },
          { kind: 'cash', amount: '12.50', asset: null, count: null },
        ],
      },
      answer: () => envelope(null),
    });
    renderPage(<CloseAccountPage />, '/pages/user/close');
    const list = await screen.findByTestId('close-blockers');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.dataset.kind)).toEqual(['orders', 'coins', 'cash']);
    expect(items[0]!.textContent).toContain('2 open orders');
    expect(items[1]!.textContent).toContain('0.01000000 BTC');
    expect(items[2]!.textContent).toContain('12.50');
    expect(within(items[2]!).getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('#/pages/user/cash');
    expect(screen.queryByTestId('close-form')).toBeNull();
    expect(screen.getByText(/It cannot be undone/)).toBeTruthy();
    expect(posts).toHaveLength(0);
  });

  it('closes with the password and an explicit "I understand", then the device forgets the session', async () => {
    const posts = fakeServer({
      check: { can_close: true, blockers: [] },
      answer: ({ body }) =>
        body.get('password') === 'secret123'
          ? envelope(null, 'account_closed_now')
          : refusal('wrong_password', 'password'),
    });
    const { store } = renderPage(<CloseAccountPage />, '/pages/user/close');
    const form = await screen.findByTestId('close-form');
    const submit = within(form).getByRole('button', { name: 'Close my account for good' });
    fireEvent.change(within(form).getByLabelText('Login password'), { target: { value: 'secret123' } });
    fireEvent.click(submit);
    expect(await within(form).findByText('Tick the box to confirm that you understand.')).toBeTruthy();
    expect(posts).toHaveLength(0);
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.change(within(form).getByLabelText('Login password'), { target: { value: 'wrong-one' } });
    fireEvent.click(submit);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(store.getState().session.token).toBe('t');
    fireEvent.change(within(form).getByLabelText('Login password'), { target: { value: 'secret123' } });
    fireEvent.click(submit);
    expect(await screen.findByTestId('login')).toBeTruthy();
    expect(Object.fromEntries(posts[1]!.body)).toEqual({ password: 'secret123' });
    expect(selectToken(store.getState())).toBeNull();
  });
});
