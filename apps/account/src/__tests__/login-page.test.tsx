import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@app/i18n/client';
import { renderAccountAt } from './render-account.tsx';
import { userInfoFixture } from '@app/contracts/fixtures';

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en' });
});
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the login page', () => {
  it("sets the document's title and description in the current language", async () => {
    await renderAccountAt('/pages/login/login', i18n);
    // The page sets them in an effect, after the heading is on screen.
    await waitFor(() => expect(document.title).toBe('Log in · Contract Trader'));
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe(
      'Welcome back. Log in with your account name or phone number.',
    );
  });

  it('shows the schema errors inline on submit, without calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await renderAccountAt('/pages/login/login', i18n);
    // Sent before any field was focused: the schema, not loaded yet (see useForm), is loaded and then applied.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log in' })));
    expect(await screen.findByText('Please enter your account name')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks a field left empty once the schema, loaded on the first focus, has arrived', async () => {
    await renderAccountAt('/pages/login/login', i18n);
    const account = screen.getByLabelText('Account or phone');
    await act(async () => fireEvent.focus(account));
    await act(async () => fireEvent.blur(account));
    expect(await screen.findByText('Please enter your account name')).toBeTruthy();
    // Only the field that was left shows its error.
    expect(screen.queryByText('Please enter your password')).toBeNull();
  });

  it('puts a refusal about a field under that field, in the server words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              code: 400,
              msg: 'Wrong login password, please try again',
              key: 'wrong_password',
              data: { field: 'password' },
            }),
            { status: 400 },
          ),
      ),
    );
    await renderAccountAt('/pages/login/login', i18n);
    fireEvent.change(screen.getByLabelText('Account or phone'), { target: { value: 'demo' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log in' })));
    const input = screen.getByLabelText('Password');
    expect(await screen.findByText('Wrong login password, please try again')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('starts the session and returns to the page that sent the user', async () => {
    const user = userInfoFixture();
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            code: 200,
            msg: 'Logged in',
            key: 'login_succeeded',
            data: { token: 'tok', expires_at: 0, user },
          }),
        ),
    );
    vi.stubGlobal('fetch', fetch);
    const { store } = await renderAccountAt('/pages/login/login?redirect=%2Fpages%2Fuser%2Fsecurity', i18n);
    fireEvent.change(screen.getByLabelText('Account or phone'), { target: { value: 'demo' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo1234' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log in' })));
    expect((await screen.findByTestId('where')).textContent).toBe('/pages/user/security');
    expect(store.getState().session.token).toBe('tok');
    expect(localStorage.getItem('token')).toBe('tok');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login/index');
    expect(init.body).toBe('account=demo&password=demo1234');
  });
});
