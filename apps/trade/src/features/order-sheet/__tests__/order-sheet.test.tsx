import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@app/api-client';
import type { ContractTerms, Direction, Order } from '@app/contracts';
import { initI18n } from '@app/i18n/client';
import '../../../i18n-namespace.ts';
import { NS } from '../../../i18n-namespace.ts';
import { OrderSheet } from '../components/order-sheet.tsx';

const terms: ContractTerms[] = [
  {
    seconds: 30,
    payout_pct: '80.00',
    loss_pct: '100.00',
    fee_pct: '0.50',
    min_amount: '10.00',
    max_amount: '10000.00',
    max_open_amount: '50000.00',
    presets: ['10.00', '50.00', '100.00'],
  },
  {
    seconds: 60,
    payout_pct: '85.00',
    loss_pct: '100.00',
    fee_pct: '0.50',
    min_amount: '10.00',
    max_amount: '10000.00',
    max_open_amount: '50000.00',
    presets: ['10.00', '50.00', '100.00'],
  },
];

const order = (over: Partial<Order> = {}): Order => ({
  id: 7,
  symbol: 'BTC/USDT',
  name: 'Bitcoin',
  direction: 'up',
  amount: '100.00',
  fee: '0.50',
  seconds: 30,
  payout_pct: '80.00',
  loss_pct: '100.00',
  open_price: '93246.92',
  open_time: 1000,
  settle_time: 1030,
  settle_price: null,
  settled_at: null,
  status: 'open',
  result: null,
  payout: null,
  pnl: null,
  expected_profit: '79.50',
  expected_loss: '100.50',
  simulated: true,
  mode: 'real',
  ...over,
});

const envelope = (code: number, data: unknown, key = 'ok', msg = 'Done') =>
  new Response(JSON.stringify({ code, msg, key, data }), { status: code === 200 ? 200 : 400 });

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en', namespaces: [NS] });
});
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

function Harness({ available, onPlaced }: { available: string | null; onPlaced: (o: Order) => void }) {
  const [direction, setDirection] = useState<Direction>('up');
  return (
    <OrderSheet
      open
      onClose={() => {}}
      symbol="BTC/USDT"
      precision={2}
      terms={terms}
      status="trading"
      price="93246.92"
      simulated
      direction={direction}
      onDirection={setDirection}
      available={available}
      onPlaced={onPlaced}
    />
  );
}

function renderSheet(available: string | null = '10000.00') {
  const onPlaced = vi.fn();
  render(
    <Provider store={makeStore({ session: { token: 't', endedBecause: null } })}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <Harness available={available} onPlaced={onPlaced} />
        </Suspense>
      </I18nextProvider>
    </Provider>,
  );
  return { onPlaced };
}

const amountInput = () => screen.getByLabelText('Amount');
const type = (value: string) => fireEvent.change(amountInput(), { target: { value } });
const terms$ = () => within(screen.getByRole('dialog'));
const row = (label: RegExp | string) => terms$().getByText(label).parentElement!.querySelector('dd')!.textContent;

describe('the order sheet', () => {
  it('shows fee, deduction, profit if right and loss if wrong for the amount, as the server computes them', async () => {
    renderSheet();
    await screen.findByText('Buy rise · BTC/USDT');
    type('100');
    expect(row('Fee (0.50%)')).toBe('0.50 U');
    expect(row('Deducted now (amount + fee)')).toBe('100.50 U');
    expect(row(/Profit if right \(80\.00% payout/)).toBe('+79.50 U');
    expect(row('Loss if wrong (fee included)')).toBe('−100.50 U');
    expect(row('Available balance')).toBe('10,000.00 U');
    // Another period pays another rate.
    fireEvent.click(screen.getByRole('radio', { name: /1 min/ }));
    expect(row(/Profit if right \(85\.00% payout/)).toBe('+84.50 U');
  });

  it('fills the amount from a preset and states the limits', async () => {
    renderSheet();
    await screen.findByText('Min 10.00 U · Max 10,000.00 U per order');
    fireEvent.click(screen.getByRole('button', { name: '50' }));
    expect((amountInput() as HTMLInputElement).value).toBe('50');
  });

  it('shows amount problems inline on blur and on review, and does not go on', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderSheet('50.00');
    await screen.findByText('Buy rise · BTC/USDT');
    type('5');
    expect(screen.queryByRole('alert')).toBeNull(); // not while typing
    fireEvent.blur(amountInput());
    expect(screen.getByRole('alert').textContent).toBe('The minimum is 10.00 U');
    type('100');
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Amount and fee come to 100.50 U; your available balance is 50.00 U',
    );
    type('');
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount');
    type('12.345');
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount like 100 or 100.50');
    expect(screen.queryByText('Confirm your order')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says an amount over the maximum as it is typed, and shows no payouts for it', async () => {
    renderSheet('50000.00');
    await screen.findByText('Buy rise · BTC/USDT');
    type('10001');
    expect(screen.getByRole('alert').textContent).toBe('The maximum is 10,000.00 U');
    expect(row(/Profit if right/)).toBe('—');
    expect(row('Loss if wrong (fee included)')).toBe('—');
    type('10000');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(row(/Profit if right/)).toBe('+7,950.00 U');
  });

  it('asks to accept the risk notice once, then restates every term before sending', async () => {
    renderSheet();
    await screen.findByText('Buy rise · BTC/USDT');
    type('100');
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
    expect(await screen.findByText('Before your first order')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I understand' }));
    expect(localStorage.getItem('trade.risk-notice.accepted')).toBe('1');
    expect(await screen.findByText('Confirm your order')).toBeTruthy();
    const confirm = within(screen.getByTestId('confirm-terms'));
    expect(confirm.getByText('BTC/USDT')).toBeTruthy();
    expect(confirm.getByText('Rise')).toBeTruthy();
    expect(confirm.getByText('30 s')).toBeTruthy();
    expect(confirm.getByText('180.00 U')).toBeTruthy(); // back if right
    expect(confirm.getByText('0.00 U')).toBeTruthy(); // back if wrong (100 % loss)
    expect(confirm.getByText('+79.50 U')).toBeTruthy();
    expect(confirm.getByText('−100.50 U')).toBeTruthy();
    // Back to the form and review again: no second notice.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
    expect(screen.queryByText('Before your first order')).toBeNull();
    expect(screen.getByText('Confirm your order')).toBeTruthy();
  });

  it('sends once however often the button is pressed, with an idempotency key, and hands over the order', async () => {
    localStorage.setItem('trade.risk-notice.accepted', '1');
    let release: (r: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal('fetch', fetch);
    const { onPlaced } = renderSheet();
    await screen.findByText('Buy rise · BTC/USDT');
    type('100');
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
    const submit = screen.getByRole('button', { name: 'Confirm order' });
    await act(async () => {
      fireEvent.click(submit);
      fireEvent.click(submit);
    });
    expect(screen.getByRole('button', { name: 'Placing order…' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Placing order…' }));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/addorder');
    const body = new URLSearchParams(String(init.body));
    expect(Object.fromEntries(body)).toMatchObject({
      symbol: 'BTC/USDT',
      seconds: '30',
      amount: '100',
      direction: 'up',
      mode: 'real',
    });
    expect(body.get('key')).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // Nothing the server decides is sent: no price, rate or fee (the mode is the user's choice).
    expect([...body.keys()].sort()).toEqual(['amount', 'direction', 'key', 'mode', 'seconds', 'symbol']);
    await act(async () => release(envelope(200, order())));
    expect(onPlaced).toHaveBeenCalledWith(order());
  });

  it('keeps the key for a retry after a lost answer, and takes a new one when the terms change', async () => {
    localStorage.setItem('trade.risk-notice.accepted', '1');
    const fetch = vi.fn(async () => {
      throw new TypeError('network down');
    });
    vi.stubGlobal('fetch', fetch);
    renderSheet();
    await screen.findByText('Buy rise · BTC/USDT');
    type('100');
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm order' })));
    expect((await screen.findByRole('alert')).textContent).toMatch(/may or may not have been placed/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm order' })));
    const keyOf = (i: number) =>
      new URLSearchParams(String((fetch.mock.calls[i] as unknown as [string, RequestInit])[1].body)).get('key');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(keyOf(1)).toBe(keyOf(0));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    type('101');
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm order' })));
    expect(keyOf(2)).not.toBe(keyOf(0));
  });

  it('puts an amount refusal of the server under the amount field, in the server words', async () => {
    localStorage.setItem('trade.risk-notice.accepted', '1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        envelope(
          400,
          { params: { max: '50000.00' } },
          'holding_max_amount',
          'Your open positions would exceed the maximum of 50000.00 U',
        ),
      ),
    );
    renderSheet();
    await screen.findByText('Buy rise · BTC/USDT');
    type('100');
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm order' })));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your open positions would exceed the maximum of 50000.00 U',
    );
    expect(amountInput().getAttribute('aria-invalid')).toBe('true');
  });
});
