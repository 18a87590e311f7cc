import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Operator, OperatorSession } from '@app/contracts';
import { App } from '../../../app/app.tsx';
import { makeStore } from '../../../app/store.ts';
import { createConsoleI18n } from '../../../lib/i18n.ts';
import { mockServer } from '../../../test-support/render.tsx';
import { render } from '@testing-library/react';
import { initialSignIn, signInFlow } from '../lib/sign-in-flow.ts';

const fay: Operator = {
  id: 2,
  name: 'fay',
  role: 'finance',
  totp_enrolled: true,
  disabled: false,
  created_by: 'root',
  created_at: 1_700_000_000,
  last_login_at: null,
};
const session = (extra: Partial<OperatorSession> = {}): OperatorSession => ({
  operator: fay,
  permissions: ['users.read', 'money.review', 'money.adjust', 'audit.read'],
  csrf_token: 'csrf-123',
  expires_at: 1_800_000_000,
  ...extra,
});
const enrolment = {
  state: 'enrol',
  enrolment: {
    ticket: 'ticket-0123456789abcdefghij',
    secret: 'JBSWY3DPEHPK3PXP',
    otpauth_uri: 'otpauth://totp/Console:fay?secret=JBSWY3DPEHPK3PXP',
    expires_at: 1_800_000_000,
  },
};
const notSignedIn = { code: 401, key: 'login_required', msg: 'Please log in first' };
const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

function renderApp(lang: 'en' | 'zh' = 'en') {
  const store = makeStore();
  render(<App store={store} i18n={createConsoleI18n(lang)} />);
  return store;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('the sign-in steps', () => {
  it('goes from the password to the enrolment, the recovery codes, and the console', () => {
    let state = initialSignIn('');
    state = signInFlow(state, { type: 'answered', name: 'fay', result: enrolment as never });
    expect(state.step).toBe('enrol');
    state = signInFlow(state, { type: 'enrolled', session: session({ recovery_codes: codes }) });
    expect(state).toMatchObject({ step: 'recovery', codes });
    state = signInFlow(state, { type: 'codes_saved' });
    expect(state.step).toBe('done');
  });

  it('signs in at once when the answer is a session, and comes back from an invitation with the name', () => {
    expect(
      signInFlow(initialSignIn(), { type: 'answered', name: 'fay', result: { state: 'signed_in', session: session() } })
        .step,
    ).toBe('done');
    expect(signInFlow({ step: 'accept' }, { type: 'accepted', name: 'finn' })).toEqual({
      step: 'credentials',
      name: 'finn',
      notice: 'password_set',
    });
  });
});

describe('signing in to the console', () => {
  it('enrols the authenticator, shows the recovery codes once, then the sections the role allows', async () => {
    const user = userEvent.setup();
    const { calls } = mockServer({
      'GET /admin/session': notSignedIn,
      'POST /admin/session/login': { data: enrolment, key: 'ok' },
      'POST /admin/session/enrol': { data: session({ recovery_codes: codes }), key: 'login_succeeded' },
      'GET /admin/deposits': { data: { items: [] } },
      'POST /admin/session/logout': { data: null, key: 'logged_out' },
    });
    renderApp();

    await user.type(await screen.findByLabelText('Operator name'), 'fay');
    await user.type(screen.getByLabelText('Password'), 'a long passphrase of fay');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Set up your authenticator' })).toBeTruthy();
    expect(screen.getByTestId('enrol-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    expect(screen.getByRole('img', { name: /QR code/ })).toBeTruthy();
    expect(calls.find((c) => c.path === '/admin/session/login')?.body).toEqual({
      name: 'fay',
      password: 'a long passphrase of fay',
    });

    // Six digits only: a short code is refused before anything is sent.
    await user.type(screen.getByLabelText('Code from the app'), '123');
    await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(screen.getByText('Enter the six digits the app shows.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/admin/session/enrol')).toBe(false);
    await user.type(screen.getByLabelText('Code from the app'), '456');
    await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));

    const list = await screen.findByTestId('recovery-codes');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const proceed = screen.getByRole('button', { name: 'Continue to the console' });
    expect((proceed as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText('I saved the recovery codes'));
    await user.click(proceed);

    const who = await screen.findByTestId('who');
    expect(who.textContent).toContain('fay');
    expect(who.textContent).toContain('Finance');
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Deposits',
      'Withdrawals',
      'Waiting for me',
      'Cases',
      'Risk',
      'Users',
      'Orders',
      'Audit log',
      'My API tokens',
    ]);

    // Changes carry the CSRF token of the session (kept in memory); every call asks for the console's language.
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const logout = calls.find((c) => c.path === '/admin/session/logout');
    expect(logout?.headers.get('x-csrf-token')).toBe('csrf-123');
    expect(logout?.headers.get('lang')).toBe('en');
    expect(calls.find((c) => c.path === '/admin/session/login')?.headers.get('x-csrf-token')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows the server’s refusal, in the console’s language, and clears the password', async () => {
    const user = userEvent.setup();
    const { calls } = mockServer({
      'GET /admin/session': notSignedIn,
      'POST /admin/session/login': { code: 400, key: 'verification_failed', msg: '验证失败' },
    });
    renderApp('zh');
    await user.type(await screen.findByLabelText('操作员名称'), 'fay');
    await user.type(screen.getByLabelText('密码'), 'wrong password');
    await user.type(screen.getByLabelText('验证器代码或恢复码'), '000000');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert')).textContent).toBe('验证失败');
    expect((screen.getByLabelText('密码') as HTMLInputElement).value).toBe('');
    expect(calls.find((c) => c.path === '/admin/session/login')?.headers.get('lang')).toBe('zh');
  });

  it('refuses a malformed code before asking the server', async () => {
    const user = userEvent.setup();
    const { calls } = mockServer({ 'GET /admin/session': notSignedIn });
    renderApp();
    await user.type(await screen.findByLabelText('Operator name'), 'fay');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.type(screen.getByLabelText('Authenticator code or recovery code'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter six digits, or a recovery code like abcde-12345.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('returns to sign-in when a call answers 401', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /admin/session': notSignedIn,
      'POST /admin/session/login': { data: { state: 'signed_in', session: session() } },
      'GET /admin/deposits': notSignedIn,
    });
    renderApp();
    await user.type(await screen.findByLabelText('Operator name'), 'fay');
    await user.type(screen.getByLabelText('Password'), 'a long passphrase of fay');
    await user.type(screen.getByLabelText('Authenticator code or recovery code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Your session ended. Sign in again.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('after a reload, goes on in a still signed-in browser with the CSRF token the session answers again', async () => {
    const user = userEvent.setup();
    const { calls } = mockServer({
      'GET /admin/session': {
        data: { operator: fay, permissions: session().permissions, via: 'session', csrf_token: 'csrf-restored' },
      },
      'GET /admin/deposits': { data: { items: [] } },
      'POST /admin/session/logout': { data: null, key: 'logged_out' },
    });
    renderApp();
    expect((await screen.findByTestId('who')).textContent).toContain('fay');
    expect(await screen.findByText('No deposit is waiting for review.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();

    // A change carries the restored token; signing out does not restore the session again.
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/admin/session/logout')?.headers.get('x-csrf-token')).toBe('csrf-restored');
    expect(calls.filter((c) => c.path === '/admin/session')).toHaveLength(1);
  });

  it('after a reload without a session, or with an answer that has no CSRF token, shows the sign-in', async () => {
    mockServer({ 'GET /admin/session': notSignedIn });
    const first = render(<App store={makeStore()} i18n={createConsoleI18n('en')} />);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    first.unmount();

    // An API token's answer (no csrf_token) never stands for a browser's session.
    mockServer({
      'GET /admin/session': { data: { operator: fay, permissions: session().permissions, via: 'token' } },
    });
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByTestId('who')).toBeNull();
  });
});
