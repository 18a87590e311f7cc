import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@app/api-client';
import type { Holding, Plan } from '@app/contracts';
import { initI18n } from '@app/i18n/client';
import '../../../i18n-namespace.ts';
import { NS } from '../../../i18n-namespace.ts';
import MoveSheet, { type MoveKind } from '../components/move-sheet.tsx';

const plan: Plan = {
  id: 2,
  title: 'Steady 30-day plan',
  description: '',
  start_time: 0,
  end_time: 2_000_000_000,
  min_amount: '100.00',
  start_amount: '100.00',
  total: '1000000.00',
  invested: '0.00',
  remaining: '1000000.00',
  progress: '0.00',
  personal_cap: null,
  purchased_count: 0,
  post_time: 0,
  phase: 'active',
  terms: {
    rate: '5.00',
    daily_rate: '0.0137',
    expected_rate: null,
    effective_yield: '5.12',
    period_days: 30,
    share_type: 'daily',
    early_exit_rate: '1.00',
    committed_amount: null,
    day_count: 'actual/365',
    rounding: 'floor_cent_carry',
  },
  example_interest: '0.41',
};

const holding = {
  id: 9,
  plan_id: 2,
  terms: plan.terms,
  principal: '300.00',
  renew: false,
  renew_rate: null,
  last_day: '2026-12-23',
} as unknown as Holding;

const envelope = (data: unknown, key = 'ok', msg = 'Done') =>
  new Response(JSON.stringify({ code: 200, msg, key, data }), { status: 200 });

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en', namespaces: [NS] });
});
afterEach(() => vi.unstubAllGlobals());

function renderSheet(kind: MoveKind, onDone = vi.fn()) {
  render(
    <Provider store={makeStore({ session: { token: 't', endedBecause: null } })}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <MoveSheet
            kind={kind}
            plan={plan}
            holding={kind === 'buy' ? null : holding}
            timeZone="Asia/Shanghai"
            available="1000.00"
            onClose={() => {}}
            onDone={onDone}
          />
        </Suspense>
      </I18nextProvider>
    </Provider>,
  );
  return onDone;
}

describe('the buy sheet', () => {
  it('refuses an amount under the minimum or over the balance before anything is sent', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderSheet('buy');
    const input = await screen.findByLabelText('Amount');
    fireEvent.change(input, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review the terms' }));
    expect(await screen.findByText('The amount must be at least 100.00 U')).toBeTruthy();
    fireEvent.change(input, { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review the terms' }));
    expect(await screen.findByText('Insufficient balance')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says what is wrong with letters, a minus sign or a third decimal in the wallet's words", async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderSheet('buy');
    const input = await screen.findByLabelText('Amount');
    for (const [typed, said] of [
      ['abc', 'Enter an amount in numbers'],
      ['-5', 'The amount must be more than 0'],
      ['100.123', 'Use at most 2 decimal places'],
    ]) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Review the terms' }));
      expect(await screen.findByText(said!)).toBeTruthy();
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('restates the terms with the exact amount at maturity, then buys with an idempotency key', async () => {
    const fetch = vi.fn(async () =>
      envelope({ holding: { ...holding, status: 1 }, order: null }, 'plan_bought', 'Purchase successful'),
    );
    vi.stubGlobal('fetch', fetch);
    const onDone = renderSheet('buy');
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review the terms' }));
    const terms = within(await screen.findByTestId('terms-restated'));
    // 200 U x 5 % x 30 / 365 = 0.8219... -> 0.82 U, rounded down to the cent.
    expect(screen.getByTestId('amount-at-maturity').textContent).toBe('200.82 U');
    expect(terms.getByText('5.00 % simple · 5.12 % effective')).toBeTruthy();
    expect(terms.getByText(/rounded down to the cent/)).toBeTruthy();
    expect(terms.getByText(/Asia\/Shanghai/)).toBeTruthy();
    expect(terms.getByText(/^Starts earning:/)).toBeTruthy();
    expect(terms.getByText(/^Money back in your balance:/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and buy' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const body = new URLSearchParams(String(init.body));
    expect(url).toBe('/api/user/yebjoinnow');
    expect(body.get('id')).toBe('2');
    expect(body.get('amount')).toBe('200');
    expect(body.get('key')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('the stop sheet', () => {
  it('shows the exact quote before the stop', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        envelope({
          holding_id: 9,
          principal: '300.00',
          paid: '0.41',
          interest: '0.00',
          forfeited: '0.00',
          total_back: '300.00',
          early_exit_rate: '1.00',
          days_held: 3,
        }),
      ),
    );
    renderSheet('stop');
    expect((await screen.findByTestId('stop-total')).textContent).toBe('300.00 U');
    expect(screen.getByText('Your principal is always returned in full.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm stop' })).toBeTruthy();
  });
});
