import { act, fireEvent, render, screen } from '@testing-library/react';
import { Profiler, Suspense, useSyncExternalStore } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@app/api-client';
import type { AlertList, Tick } from '@app/contracts';
import { initI18n } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { AlertsButton } from '../components/alerts-sheet.tsx';

// The stream, played by the test: the latest tick of each symbol, and who follows it.
const stream = vi.hoisted(() => {
  const latest = new Map<string, Tick>();
  const listeners = new Set<() => void>();
  return {
    latest,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    push(tick: Tick) {
      latest.set(tick.s, tick);
      listeners.forEach((l) => l());
    },
  };
});
vi.mock('../../../lib/stream/stream-hooks.ts', () => ({
  useTickValue: <T,>(symbol: string | null | undefined, select: (tick: Tick | null) => T): T =>
    select(useSyncExternalStore(stream.subscribe, () => (symbol ? (stream.latest.get(symbol) ?? null) : null))),
}));

const list: AlertList = { items: [], active: 0, max: 20 };

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en', namespaces: [NS] });
});
afterEach(() => vi.unstubAllGlobals());

describe('the price alerts button', () => {
  it('follows the live price only while its sheet is open', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'Done', key: 'ok', data: list }))),
    );
    let renders = 0;
    render(
      <Provider store={makeStore({ session: { token: 't', endedBecause: null } })}>
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={null}>
            <Profiler id="alerts" onRender={() => void renders++}>
              <AlertsButton
                symbol="BTC/USDT"
                precision={2}
                priceSource={{ symbol: 'BTC/USDT', since: 100, fallback: '93000.00' }}
              />
            </Profiler>
          </Suspense>
        </I18nextProvider>
      </Provider>,
    );
    const button = await screen.findByRole('button', { name: 'Price alert' });
    await act(async () => void (await new Promise((r) => setTimeout(r, 20))));
    // Closed: ticks render nothing.
    const before = renders;
    act(() => stream.push({ s: 'BTC/USDT', p: '93100.00', t: 101 }));
    act(() => stream.push({ s: 'BTC/USDT', p: '93200.00', t: 102 }));
    expect(renders).toBe(before);
    // Open: the form states the latest price, and the next tick's.
    fireEvent.click(button);
    expect(await screen.findByText('Now 93,200.00')).toBeTruthy();
    act(() => stream.push({ s: 'BTC/USDT', p: '93300.00', t: 103 }));
    expect(await screen.findByText('Now 93,300.00')).toBeTruthy();
  });

  it('says what is wrong with a level or a move under its field, and sends nothing', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'Done', key: 'ok', data: list })));
    vi.stubGlobal('fetch', fetch);
    render(
      <Provider store={makeStore({ session: { token: 't', endedBecause: null } })}>
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={null}>
            <AlertsButton
              symbol="BTC/USDT"
              precision={2}
              priceSource={{ symbol: 'BTC/USDT', since: 100, fallback: '93000.00' }}
            />
          </Suspense>
        </I18nextProvider>
      </Provider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Price alert' }));
    const level = await screen.findByLabelText('Price level');
    const setIt = () => fireEvent.click(screen.getByRole('button', { name: 'Set alert' }));
    const posts = () =>
      fetch.mock.calls.filter((c) => (c as unknown[])[1] && ((c as unknown[])[1] as RequestInit).method === 'POST');
    fireEvent.change(level, { target: { value: 'abc' } });
    setIt();
    expect(await screen.findByText('Enter an amount in numbers')).toBeTruthy();
    fireEvent.change(level, { target: { value: '93000.123' } });
    setIt();
    expect(await screen.findByText('Use at most 2 decimal places')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Moves by %' }));
    fireEvent.change(screen.getByLabelText('Move'), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText('Within minutes'), { target: { value: '0' } });
    setIt();
    expect(await screen.findByText('Enter a move from 0.01 to 99.99 %')).toBeTruthy();
    expect(screen.getByText('Enter whole minutes from 1 to 240')).toBeTruthy();
    expect(posts()).toEqual([]);
  });
});
