import { act, render, screen } from '@testing-library/react';
import { Profiler, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@app/i18n/client';
import { NS } from '../../i18n-namespace.ts';
import { LivePrice } from '../live-price.tsx';

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en', namespaces: [NS] });
});

const view = (price: string | null) => (
  <I18nextProvider i18n={i18n}>
    <Suspense fallback={null}>
      <span data-testid="price">
        <LivePrice price={price} precision={2} />
      </span>
    </Suspense>
  </I18nextProvider>
);

describe('a live price', () => {
  it('shows the price as received, and its moves with an arrow and words, not colour alone', async () => {
    const { rerender } = render(view('93246.9'));
    const el = await screen.findByTestId('price');
    expect(el.textContent).toBe('93,246.90');
    rerender(view('93250.10'));
    expect(el.textContent).toBe('▲93,250.10up');
    const flash = () => el.querySelector('[class*="price"]')!.className;
    expect(flash()).toMatch(/flashUp/);
    expect(flash()).not.toMatch(/flashAgain/);
    // The next move up plays the flash again: under the other animation name, which restarts it.
    rerender(view('93251.00'));
    expect(flash()).toMatch(/flashUp/);
    expect(flash()).toMatch(/flashAgain/);
    rerender(view('93249.00'));
    expect(el.textContent).toBe('▼93,249.00down');
    expect(flash()).toMatch(/flashDown/);
    expect(flash()).not.toMatch(/flashAgain/);
    // No move, no new flash: the class (and so the animation, which has ended) stays as it was.
    rerender(view('93249.00'));
    expect(el.textContent).toBe('▼93,249.00down');
    expect(flash()).not.toMatch(/flashAgain/);
  });

  it("with the candle's open, the arrow and its colour agree with the candle, a tick down inside a rising one too", async () => {
    const withOpen = (price: string) => (
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <span data-testid="against-open">
            <LivePrice price={price} precision={2} reference="100.00" />
          </span>
        </Suspense>
      </I18nextProvider>
    );
    const { rerender } = render(withOpen('101.00'));
    const el = await screen.findByTestId('against-open');
    const classes = () => el.querySelector('[class*="price"]')!.className;
    // Above the open: the candle is up, so is the arrow, in the up colour, from the first price on.
    expect(el.textContent).toBe('▲101.00up');
    expect(classes()).toMatch(/(^|\s)\S*up\b/);
    // A tick down that stays above the open: the candle is still up; the flash tells the tick went down.
    rerender(withOpen('100.50'));
    expect(el.textContent).toBe('▲100.50up');
    expect(classes()).not.toMatch(/(^|\s)\S*down\b/);
    expect(classes()).toMatch(/flashDown/);
    // Below the open: down, arrow and colour.
    rerender(withOpen('99.90'));
    expect(el.textContent).toBe('▼99.90down');
    expect(classes()).toMatch(/(^|\s)\S*down\b/);
  });

  it('renders once per new price, not again to start or end the flash', async () => {
    let renders = 0;
    const Counted = ({ price }: { price: string }) => (
      <Profiler id="price" onRender={() => void renders++}>
        <LivePrice price={price} precision={2} />
      </Profiler>
    );
    const counted = (price: string) => (
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <span data-testid="counted">
            <Counted price={price} />
          </span>
        </Suspense>
      </I18nextProvider>
    );
    const { rerender } = render(counted('100.00'));
    await screen.findByTestId('counted');
    const before = renders;
    rerender(counted('100.50'));
    await act(async () => void (await new Promise((r) => setTimeout(r, 50))));
    expect(renders - before).toBe(1);
  });

  it('shows a dash without a price', async () => {
    render(view(null));
    expect((await screen.findByTestId('price')).textContent).toBe('—');
  });
});
