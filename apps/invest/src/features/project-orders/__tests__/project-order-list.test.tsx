import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@app/api-client';
import type { ProjectOrder } from '@app/contracts';
import { initI18n } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { ProjectOrderList } from '../components/project-order-list.tsx';

const order: ProjectOrder = {
  id: 41,
  holding_id: 9,
  plan_id: 2,
  title: 'Steady 30-day plan',
  kind: 'buy',
  amount: '300.00',
  interest: '0.00',
  forfeited: '0.00',
  created_at: 1_764_000_000,
};

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en', namespaces: [NS] });
});
afterEach(() => vi.unstubAllGlobals());

describe("the Order tab's project orders", () => {
  it('each row is a link to its project (issue #29, defect 8)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              code: 200,
              msg: 'ok',
              key: 'ok',
              data: { items: [order], total: 1, page: 1 },
            }),
          ),
      ),
    );
    render(
      <Provider store={makeStore({ session: { token: 't', endedBecause: null } })}>
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={null}>
            <ProjectOrderList />
          </Suspense>
        </I18nextProvider>
      </Provider>,
    );
    const row = await screen.findByRole('link', { name: /Steady 30-day plan/ });
    expect(row.getAttribute('href')).toBe('#/pages/project/details?id=2');
  });
});
