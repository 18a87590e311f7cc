import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@app/api-client';
import type { Assets, ExchangeQuote } from '@app/contracts';
import { initI18n } from '@app/i18n/client';
import { ToastProvider } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { ExchangePanel } from '../components/exchange-panel.tsx';

const assets: Assets = {
  cash: { available: '1000.00', frozen: '0.00' },
  coins: [{ coin: 'BTC', symbol: 'BTC/USDT', amount: '0.00000000', price: '95000.00', value: '0.00' }],
  total_value: '1000.00',
  fee_pct: '0.20',
  quote_seconds: 15,
  simulated: true,
};
const quote: ExchangeQuote = {
  id: 'q'.repeat(22),
  direction: 'buy',
  coin: 'BTC',
  price: '95000.00',
  price_time: 1000,
  cash_amount: '100.00',
  coin_amount: '0.00105052',
  fee: '0.20',
  fee_pct: '0.20',
  expires_at: 1015,
  valid_seconds: 15,
  simulated: true,
};
const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, msg: 'ok', key: 'ok', data }), { status: 200 });

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en', namespaces: [NS] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the exchange panel', () => {
  it('shows price, fee and both amounts of a held quote, counts it down, then offers a new quote', async () => {
    const fetch = vi.fn(async () => envelope(quote));
    vi.stubGlobal('fetch', fetch);
    render(
      <Provider store={makeStore({ session: { token: 't', endedBecause: null } })}>
        <I18nextProvider i18n={i18n}>
          <ToastProvider>
            <Suspense fallback={null}>
              <ExchangePanel assets={assets} />
            </Suspense>
          </ToastProvider>
        </I18nextProvider>
      </Provider>,
    );
    fireEvent.change(await screen.findByLabelText('Cash to spend'), { target: { value: '100' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Get a quote' }));
    const card = within(await screen.findByTestId('exchange-quote'));
    expect(card.getByTestId('quote-price').textContent).toBe('95,000.00 U');
    expect(card.getByText('100.00 U')).toBeTruthy();
    expect(card.getByText('0.20 U')).toBeTruthy();
    expect(card.getByTestId('quote-get').textContent).toBe('0.00105052 BTC');
    expect(card.getByText('Price held for 15 s')).toBeTruthy();
    const body = new URLSearchParams(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(Object.fromEntries(body)).toEqual({ direction: 'buy', coin: 'BTC', amount: '100' });
    await act(async () => {
      vi.advanceTimersByTime(16_000);
    });
    expect(card.getByText('The quote has expired.')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Get a new quote' })).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Exchange at this price' })).toBeNull();
  });

  const renderPanel = () =>
    render(
      <Provider store={makeStore({ session: { token: 't', endedBecause: null } })}>
        <I18nextProvider i18n={i18n}>
          <ToastProvider>
            <Suspense fallback={null}>
              <ExchangePanel assets={assets} />
            </Suspense>
          </ToastProvider>
        </I18nextProvider>
      </Provider>,
    );

  it('says an amount above the balance is too much as it is typed, with what is available, and asks for no quote', async () => {
    const fetch = vi.fn(async () => envelope(quote));
    vi.stubGlobal('fetch', fetch);
    renderPanel();
    fireEvent.change(await screen.findByLabelText('Cash to spend'), { target: { value: '1000.01' } });
    expect((await screen.findByRole('alert')).textContent).toBe('That is more than you have: 1,000.00 U available');
    const ask = screen.getByRole('button', { name: 'Get a quote' });
    expect(ask).toHaveProperty('disabled', true);
    fireEvent.submit(ask.closest('form')!);
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Cash to spend'), { target: { value: '1000' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Get a quote' })).toHaveProperty('disabled', false);
  });

  it('says what is wrong with letters or a negative amount, instead of "not valid"', async () => {
    const fetch = vi.fn(async () => envelope(quote));
    vi.stubGlobal('fetch', fetch);
    renderPanel();
    const field = await screen.findByLabelText('Cash to spend');
    for (const [typed, said] of [
      ['abc', 'Enter an amount in numbers'],
      ['-5', 'The amount must be more than 0'],
    ]) {
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Get a quote' }));
      expect((await screen.findByRole('alert')).textContent).toBe(said);
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('"All" fills in the whole cash to spend, and on the sell tab every coin held', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(quote)),
    );
    render(
      <Provider store={makeStore({ session: { token: 't', endedBecause: null } })}>
        <I18nextProvider i18n={i18n}>
          <ToastProvider>
            <Suspense fallback={null}>
              <ExchangePanel
                assets={{ ...assets, coins: [{ ...assets.coins[0]!, amount: '0.01234567', value: '1172.84' }] }}
              />
            </Suspense>
          </ToastProvider>
        </I18nextProvider>
      </Provider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'All' }));
    expect(screen.getByLabelText<HTMLInputElement>('Cash to spend').value).toBe('1000.00');
    fireEvent.click(screen.getByRole('tab', { name: 'Sell coin' }));
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByLabelText<HTMLInputElement>('BTC to sell').value).toBe('0.01234567');
  });

  it('the result names the exchange and shows the fee, not "Operation succeeded"', async () => {
    const record = {
      id: 1,
      direction: 'buy',
      coin: 'BTC',
      price: '95000.00',
      cash_amount: '100.00',
      coin_amount: '0.00105052',
      fee: '0.20',
      created_at: 1000,
    };
    const fetch = vi.fn(async (url: string) => envelope(String(url).includes('exchange_quote') ? quote : record));
    vi.stubGlobal('fetch', fetch);
    renderPanel();
    fireEvent.change(await screen.findByLabelText('Cash to spend'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get a quote' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Exchange at this price' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Coins bought' }));
    expect(dialog.getByTestId('exchange-result-fee').textContent).toBe('0.20 U');
    expect(dialog.getByTestId('exchange-result-get').textContent).toBe('0.00105052 BTC');
    expect(dialog.queryByText('Operation succeeded')).toBeNull();
  });
});
