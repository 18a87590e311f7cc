import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@app/api-client';
import { initI18n } from '@app/i18n/client';
import { ToastProvider } from '@app/ui';
import type { PaymentMethod } from '@app/contracts';
import { NS } from '../../i18n-namespace.ts';
import PaymentPage from '../payment-page.tsx';

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en', namespaces: [NS] });
});
afterEach(() => vi.unstubAllGlobals());

const method = (id: number, kind: PaymentMethod['kind']): PaymentMethod => ({
  id,
  kind,
  title: kind,
  masked: 'abc***xyz',
  holder: null,
  branch: null,
  currency: null,
  network: null,
  created_at: 1_700_000_000,
  hold_until: null,
  locked: true,
  in_use: false,
});

/** The page over a server that answers its methods, and counts what else was asked. */
async function renderPage(items: PaymentMethod[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const url = new URL(typeof input === 'string' ? input : input.url, 'http://localhost');
      asked.push(url.pathname);
      if (url.pathname === '/api/user/payment')
        return Response.json({ code: 200, key: 'ok', msg: '', data: { items } });
      return Response.json({ code: 200, key: 'ok', msg: '', data: { hold_hours: 24 } });
    }),
  );
  render(
    <Provider store={makeStore({ session: { token: 't', endedBecause: null } })}>
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <MemoryRouter>
            <Suspense fallback={null}>
              <PaymentPage />
            </Suspense>
          </MemoryRouter>
        </ToastProvider>
      </I18nextProvider>
    </Provider>,
  );
  return asked;
}

describe('the payment methods page', () => {
  it('with Alipay and WeChat both bound (no form to show) never asks for the withdrawal rules', async () => {
    const asked = await renderPage([method(1, 'alipay'), method(2, 'wechat')]);
    expect(await screen.findAllByText('abc***xyz')).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 50));
    // The user summary is asked for (whether removing a method needs an authenticator code), the rules are not.
    expect(asked).toContain('/api/user/payment');
    expect(asked).not.toContain('/api/user/cash');
  });

  it('with a form to fill asks for the rules, to say how long a new destination waits', async () => {
    const asked = await renderPage([method(1, 'alipay')]);
    await vi.waitFor(() => expect(asked).toContain('/api/user/cash'));
  });
});
