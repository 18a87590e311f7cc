import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@app/i18n/client';
import { renderAccountAt } from './render-account.tsx';
import { userInfoFixture } from '@app/contracts/fixtures';

/**
 * The user's half of a reset customer service opened: the Forgot password page (logged out, login password) and
 * the fund password page's "Forgot your fund password?" (logged in, phone fixed). The server is a fake fetch.
 */

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en' });
});
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

type Answer = { code?: number; key?: string; msg?: string; data?: unknown };
type Call = { method: string; path: string; body: URLSearchParams };

/** A fake server: answers by "METHOD /path" (a function may hold its answer back), records every call. */
function serve(routes: Record<string, Answer | ((call: Call) => Answer | Promise<Answer>)>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        path: url.split('?')[0]!,
        body: new URLSearchParams(String(init?.body ?? '')),
      };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      const answer = typeof route === 'function' ? await route(call) : route;
      if (!answer) return new Response(JSON.stringify({ code: 404, key: 'no_data', msg: 'No data', data: null }));
      return new Response(JSON.stringify({ code: 200, key: 'ok', msg: '', data: null, ...answer }));
    }),
  );
  return calls;
}

const refused = (key: string, msg: string, field?: string): Answer => ({
  code: 400,
  key,
  msg,
  data: field ? { field } : null,
});

const USER = userInfoFixture({ id: 7, has_fund_password: true });

const openForgot = async () => {
  const view = renderAccountAt('/pages/login/forgetpwd', i18n);
  await screen.findByRole('heading', { name: /Set a new password/ }, { timeout: 5000 });
  return view;
};

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillLoginReset() {
  fill('Phone number', '13800000000');
  fill('Verification code', '123456');
  fill('New password', 'fresh2468');
  fill('Confirm new password', 'fresh2468');
}

const submit = (name = 'Set new password') => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('the Forgot password page', () => {
  it('explains that customer service opens the reset, links to it, and never mentions a temporary password', async () => {
    serve({});
    await openForgot();
    expect(screen.getByRole('heading', { name: /Ask customer service to open a reset/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Customer service' }).getAttribute('href')).toBe(
      '#/pages/customer/customer',
    );
    expect(document.body.textContent).not.toMatch(/temporary/i);
    // Every text is translated: no key shows through.
    expect(document.body.textContent).not.toMatch(/\b(?:forgot|reset|form|password)\.[a-zA-Z]+/);
    expect(screen.getByText(/never ask for your password, your fund password or a verification code/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('#/pages/login/login');
  });

  it('shows the schema errors inline on submit, without calling the server', async () => {
    const calls = serve({});
    await openForgot();
    await submit();
    expect(screen.getByText('Please enter your phone number')).toBeTruthy();
    expect(screen.getByText('Please enter the verification code')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    fill('New password', 'fresh2468');
    fill('Confirm new password', 'fresh2467');
    await submit();
    expect(screen.getByText('The two passwords are inconsistent')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('asks for a reset_login code and counts down before another', async () => {
    const calls = serve({ 'POST /api/login/sendcode': { data: { resend_in: 60, expires_in: 300 } } });
    await openForgot();
    fill('Phone number', '13800000000');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    const button = await screen.findByRole('button', { name: /Resend in 60 s/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.body)).toEqual({ phone: '13800000000', purpose: 'reset_login' });
  });

  it('puts "no reset open" under the phone field, in the server words, when a code is asked for', async () => {
    const calls = serve({
      'POST /api/login/sendcode': refused(
        'password_reset_not_open',
        'Für diese Nummer ist keine Passwortrücksetzung offen.',
        'phone',
      ),
    });
    await openForgot();
    fill('Phone number', '13800000000');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    const phone = screen.getByLabelText('Phone number');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(phone.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(error?.textContent).toBe('Für diese Nummer ist keine Passwortrücksetzung offen.');
    // It stays a field error, not a toast as well; no countdown either.
    expect(screen.getAllByText('Für diese Nummer ist keine Passwortrücksetzung offen.')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
    expect(calls).toHaveLength(1);
    // Editing the number clears it.
    fill('Phone number', '13800000001');
    expect(phone.getAttribute('aria-invalid')).toBeNull();
  });

  it('takes the refusal away once customer service has opened the reset and a code is sent', async () => {
    let open = false;
    serve({
      'POST /api/login/sendcode': () =>
        open
          ? { data: { resend_in: 60, expires_in: 300 } }
          : refused('password_reset_not_open', 'No password reset is open for this number.', 'phone'),
    });
    await openForgot();
    fill('Phone number', '13800000000');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    const phone = screen.getByLabelText('Phone number');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    open = true;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    await screen.findByRole('button', { name: /Resend in 60 s/ });
    expect(phone.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('No password reset is open for this number.')).toBeNull();
  });

  it('puts a wrong code under the code field and keeps what was typed', async () => {
    serve({
      'POST /api/login/reset_password': refused(
        'wrong_verification_code',
        'Wrong verification code, please check the code in the SMS',
        'code',
      ),
    });
    await openForgot();
    fillLoginReset();
    await submit();
    const code = screen.getByLabelText('Verification code');
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Wrong verification code, please check the code in the SMS')).toBeTruthy();
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('fresh2468');
  });

  it('a refusal about no field is a toast, and the form stays', async () => {
    serve({ 'POST /api/login/reset_password': refused('too_many_requests', 'Too many requests, try again later') });
    await openForgot();
    fillLoginReset();
    await submit();
    expect(await screen.findByText('Too many requests, try again later')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeTruthy();
  });

  it('sends the reset once while it is on its way, then shows the result with the way to log in', async () => {
    let release: (answer: Answer) => void = () => {};
    const calls = serve({
      'POST /api/login/reset_password': () => new Promise<Answer>((resolve) => (release = resolve)),
    });
    await openForgot();
    fillLoginReset();
    await submit();
    const button = screen.getByRole('button', { name: 'Set new password' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await submit();
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.body)).toEqual({
      phone: '13800000000',
      kind: 'login',
      code: '123456',
      password: 'fresh2468',
      password_confirm: 'fresh2468',
    });
    await act(async () => release({ key: 'password_reset_done', msg: 'Password changed. Log in with the new one.' }));
    const result = await screen.findByTestId('reset-done');
    const heading = within(result).getByRole('heading', { name: 'Password changed' });
    expect(document.activeElement).toBe(heading);
    expect(within(result).getByText(/logged out on all devices/)).toBeTruthy();
    expect(within(result).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('#/pages/login/login');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it("drops this device's session too when the user was logged in: every session has ended", async () => {
    localStorage.setItem('token', 'tok');
    serve({
      'GET /api/user/index': { data: USER },
      'POST /api/login/reset_password': { key: 'password_reset_done' },
    });
    const { store } = await openForgot();
    expect(store.getState().session.token).toBe('tok');
    fillLoginReset();
    await submit();
    await screen.findByTestId('reset-done');
    expect(store.getState().session.token).toBeNull();
  });
});

describe("the fund password page's forgotten-password path", () => {
  it('offers "Forgot your fund password?" once there is a fund password', async () => {
    localStorage.setItem('token', 'tok');
    serve({ 'GET /api/user/index': { data: USER } });
    renderAccountAt('/pages/user/setfundpassword', i18n);
    const link = await screen.findByRole('link', { name: 'Forgot your fund password?' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('#/pages/user/setfundpassword?forgot=1');
  });

  it('has no such path before the first fund password', async () => {
    localStorage.setItem('token', 'tok');
    serve({ 'GET /api/user/index': { data: { ...USER, has_fund_password: false } } });
    renderAccountAt('/pages/user/setfundpassword', i18n);
    await screen.findByText(/You have no fund password yet/, undefined, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'Forgot your fund password?' })).toBeNull();
  });

  it("resets it with a reset_fund code to the user's own phone, fixed in the form", async () => {
    localStorage.setItem('token', 'tok');
    const calls = serve({
      'GET /api/user/index': { data: USER },
      'POST /api/login/sendcode': { data: { resend_in: 60, expires_in: 300 } },
      'POST /api/login/reset_password': { key: 'password_reset_done' },
    });
    const { store } = renderAccountAt('/pages/user/setfundpassword?forgot=1', i18n);
    await screen.findByRole('heading', { name: /Set a new fund password/ }, { timeout: 5000 });
    expect(document.body.textContent).not.toMatch(/\b(?:forgot|reset|form|password)\.[a-zA-Z]+/);
    const phone = screen.getByLabelText('Phone number') as HTMLInputElement;
    expect(phone.value).toBe('13800000000');
    expect(phone.readOnly).toBe(true);
    expect(screen.getByRole('link', { name: 'Customer service' })).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    await screen.findByRole('button', { name: /Resend in 60 s/ });
    fill('Verification code', '654321');
    fill('New fund password', 'fund97531');
    fill('Confirm fund password', 'fund97531');
    await submit('Set new fund password');

    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.path, Object.fromEntries(c.body)])).toEqual([
      ['/api/login/sendcode', { phone: '13800000000', purpose: 'reset_fund' }],
      [
        '/api/login/reset_password',
        {
          phone: '13800000000',
          kind: 'fund',
          code: '654321',
          password: 'fund97531',
          password_confirm: 'fund97531',
        },
      ],
    ]);
    const result = await screen.findByTestId('reset-done');
    expect(within(result).getByRole('heading', { name: 'Fund password changed' })).toBeTruthy();
    // A fund reset leaves the session alone.
    expect(store.getState().session.token).toBe('tok');
    await act(async () => fireEvent.click(within(result).getByRole('button', { name: 'Done' })));
    expect((await screen.findByTestId('where')).textContent).toBe('/pages/user/security');
  });

  it('puts "no reset open" under the fixed phone field when customer service has not opened one', async () => {
    localStorage.setItem('token', 'tok');
    serve({
      'GET /api/user/index': { data: USER },
      'POST /api/login/sendcode': refused(
        'password_reset_not_open',
        'No password reset is open for this number. Contact customer service first.',
        'phone',
      ),
    });
    renderAccountAt('/pages/user/setfundpassword?forgot=1', i18n);
    await screen.findByRole('heading', { name: /Set a new fund password/ }, { timeout: 5000 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    const phone = screen.getByLabelText('Phone number');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('No password reset is open for this number. Contact customer service first.')).toBeTruthy();
  });
});
