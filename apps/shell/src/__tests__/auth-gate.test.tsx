import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@app/api-client';
import type { Envelope } from '@app/contracts';
import { AuthGate } from '../app/auth-gate.tsx';
import { renderRoutes } from './render.tsx';
import { userInfoFixture } from '@app/contracts/fixtures';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const routes = [
  {
    path: '/pages/user/user',
    element: (
      <AuthGate>
        <p>mine page</p>
      </AuthGate>
    ),
  },
  {
    path: '/pages/login/login',
    element: (
      <AuthGate>
        <Where />
      </AuthGate>
    ),
  },
  {
    path: '/pages/customer/customer',
    element: (
      <AuthGate>
        <p>customer page</p>
      </AuthGate>
    ),
  },
];

function answer(body: Envelope<unknown>) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status: body.code }));
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('AuthGate', () => {
  it('shows an open page without asking the server', async () => {
    const fetch = answer({ code: 401, msg: '', key: 'login_required', data: null });
    vi.stubGlobal('fetch', fetch);
    await renderRoutes(routes, '/pages/customer/customer');
    expect(await screen.findByText('customer page')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a visitor without a token to login, with the way back', async () => {
    vi.stubGlobal('fetch', answer({ code: 401, msg: '', key: 'login_required', data: null }));
    await renderRoutes(routes, '/pages/user/user');
    expect((await screen.findByTestId('where')).textContent).toBe('/pages/login/login?redirect=%2Fpages%2Fuser%2Fuser');
  });

  it('fetches user info at launch and relaunches to login on 401', async () => {
    localStorage.setItem('token', 'stale');
    const fetch = answer({ code: 401, msg: 'Please log in first', key: 'session_expired', data: null });
    vi.stubGlobal('fetch', fetch);
    const { store } = await renderRoutes(routes, '/pages/user/user', makeStore());
    expect((await screen.findByTestId('where')).textContent).toContain('/pages/login/login?redirect=');
    expect(fetch).toHaveBeenCalledOnce();
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('/api/user/index');
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the page once user info answers', async () => {
    localStorage.setItem('token', 'good');
    vi.stubGlobal(
      'fetch',
      answer({
        code: 200,
        msg: 'Done',
        key: 'ok',
        data: userInfoFixture(),
      }),
    );
    await renderRoutes(routes, '/pages/user/user');
    expect(await screen.findByText('mine page')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('where')).toBeNull());
  });
});
