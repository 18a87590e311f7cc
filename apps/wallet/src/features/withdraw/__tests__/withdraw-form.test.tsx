import { fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@app/api-client';
import type { CashInfo } from '@app/contracts';
import { initI18n } from '@app/i18n/client';
import { ToastProvider } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { WithdrawForm } from '../components/withdraw-form.tsx';

const info = (over: Partial<CashInfo> = {}): CashInfo => ({
  min: '100.00',
  max: '49999.00',
  fee_pct: '1.00',
  fee_min: '1.00',
  window: { from: '09:00', to: '21:00', time_zone: 'Asia/Shanghai', open: true },
  daily_count: 3,
  used_count: 0,
  remaining_count: 3,
  daily_amount: '100000.00',
  remaining_amount: '100000.00',
  available: '1000.00',
  has_fund_password: true,
  hold_until: null,
  destinations: [
    {
      id: 5,
      kind: 'bank',
      title: 'Test Bank',
      masked: '622********333',
      holder: 'H',
      branch: 'B',
      currency: null,
      network: null,
      created_at: 1,
      hold_until: null,
      locked: true,
      in_use: false,
    },
  ],
  ...over,
});

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en', namespaces: [NS] });
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(value: CashInfo) {
  render(
    <Provider store={makeStore({ session: { token: 't', endedBecause: null } })}>
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <Suspense fallback={null}>
            <WithdrawForm info={value} />
          </Suspense>
        </ToastProvider>
      </I18nextProvider>
    </Provider>,
  );
}

describe('the withdrawal form', () => {
  it('shows the fee and the exact amount received before asking for the fund password', async () => {
    renderForm(info());
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '300' } });
    expect(screen.getByTestId('cash-fee').textContent).toBe('3.00 U');
    expect(screen.getByTestId('cash-received').textContent).toBe('297.00 U');
    expect(screen.queryByLabelText('Fund password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('297.00 U')).toBeTruthy();
    expect(dialog.getByLabelText('Fund password')).toBeTruthy();
  });

  it('refuses an amount outside the limits inline, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm(info());
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The withdrawal amount must be between 100.00 and 49999.00 U',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for a bound card first when there is no destination', async () => {
    renderForm(info({ destinations: [] }));
    expect(await screen.findByText('Please bind a withdrawal bank card first')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bind bank card' }).getAttribute('href')).toBe('#/pages/payment/bindbank');
  });
});
