import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { vi } from 'vitest';
import type { OperatorRole, Permission } from '@app/contracts';
import { makeStore } from '../app/store.ts';
import { signedIn } from '../lib/session-slice.ts';
import { createConsoleI18n } from '../lib/i18n.ts';

/** One answer of the mocked server: the envelope's code (also the HTTP status), key, msg and data. */
export type Answer = { code?: number; key?: string; msg?: string; data?: unknown };
export type Call = { method: string; path: string; headers: Headers; body: unknown };

/**
 * Stubs the global fetch with a router of `METHOD /path` → answer (or a function of the call). Every call is
 * recorded so a test can check its headers and body.
 */
export function mockServer(routes: Record<string, Answer | ((call: Call) => Answer)>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const call: Call = {
      method: request.method,
      path: url.pathname + url.search,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${url.pathname}`];
    const answer = typeof route === 'function' ? route(call) : route;
    const code = answer?.code ?? (answer ? 200 : 404);
    const envelope = {
      code,
      key: answer?.key ?? (code === 200 ? 'ok' : 'not_found'),
      msg: answer?.msg ?? (code === 200 ? 'Done' : 'Not found'),
      data: answer?.data ?? null,
    };
    return new Response(JSON.stringify(envelope), {
      status: code,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Renders with a fresh store and the console's i18next (English unless told). */
export function renderWithStore(ui: ReactElement, { lang = 'en' as 'en' | 'zh' } = {}) {
  const store = makeStore();
  const i18n = createConsoleI18n(lang);
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
    </Provider>,
  );
  return { store, i18n, ...result };
}

/**
 * Signs an operator in on the store as a sign-in answer would: `name` with `role` and these permissions, the CSRF
 * token `csrf-<name>` (what a test then finds on the requests that change something).
 */
export function signInOperator(
  store: ReturnType<typeof makeStore>,
  { name, role, permissions, id = 1 }: { name: string; role: OperatorRole; permissions: Permission[]; id?: number },
) {
  store.dispatch(
    signedIn({
      operator: {
        id,
        name,
        role,
        totp_enrolled: true,
        disabled: false,
        created_by: 'root',
        created_at: 1,
        last_login_at: null,
      },
      permissions,
      csrf_token: `csrf-${name}`,
      expires_at: 2_000_000_000,
    }),
  );
}
