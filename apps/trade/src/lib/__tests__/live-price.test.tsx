import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@app/i18n/client';
import { NS } from '../../i18n-namespace.ts';
import { LivePrice } from '../live-price.tsx';

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en', namespaces: [NS] });
});
afterEach(() => vi.useRealTimers());

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
    vi.useFakeTimers();
    rerender(view('93250.10'));
    expect(el.textContent).toBe('▲93,250.10up');
    expect(el.querySelector('[class*="flashUp"]')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(800));
    expect(el.querySelector('[class*="flashUp"]')).toBeNull();
    expect(el.textContent).toContain('▲'); // the direction of the last move stays
    rerender(view('93249.00'));
    expect(el.textContent).toBe('▼93,249.00down');
    rerender(view('93249.00'));
    expect(el.textContent).toBe('▼93,249.00down');
  });

  it('shows a dash without a price', async () => {
    render(view(null));
    expect((await screen.findByTestId('price')).textContent).toBe('—');
  });
});
