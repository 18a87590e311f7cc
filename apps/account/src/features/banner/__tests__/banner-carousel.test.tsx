import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import type { ContentSummary } from '@app/contracts';
import { initI18n } from '@app/i18n/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../i18n-namespace.ts';
import { AUTOPLAY_MS, BannerCarousel } from '../components/banner-carousel.tsx';

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en' });
  await i18n.loadNamespaces('account');
});

let reducedMotion = false;
const listeners = new Set<() => void>();
function stubMatchMedia() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('reduce') ? reducedMotion : false,
      media: query,
      addEventListener: (_: string, fn: () => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    })),
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  reducedMotion = false;
  listeners.clear();
});

const banner = (id: number, title: string): ContentSummary => ({
  id,
  kind: 'banner',
  title,
  summary: `${title} summary`,
  lang: 'en',
  link: id === 1 ? '#/pages/user/activityCenter' : null,
  tone: 'brand',
  activity_type: null,
  published_at: 0,
  starts_at: null,
  ends_at: null,
  pinned: false,
});
const ITEMS = [banner(1, 'First'), banner(2, 'Second'), banner(3, 'Third')];

function renderCarousel(items = ITEMS) {
  stubMatchMedia();
  return render(
    <I18nextProvider i18n={i18n}>
      <BannerCarousel items={items} />
    </I18nextProvider>,
  );
}

/** The banner shown: the one dot marked current (1-based). */
const current = () =>
  screen.getAllByRole('button', { name: /^Show banner/ }).findIndex((b) => b.getAttribute('aria-current') === 'true') +
  1;

describe('the banner carousel', () => {
  it('turns by itself every few seconds when motion is welcome', () => {
    vi.useFakeTimers();
    renderCarousel();
    expect(current()).toBe(1);
    expect(screen.getByRole('button', { name: 'Pause the slideshow' })).toBeTruthy();
    act(() => void vi.advanceTimersByTime(AUTOPLAY_MS));
    expect(current()).toBe(2);
    act(() => void vi.advanceTimersByTime(AUTOPLAY_MS * 2));
    expect(current()).toBe(1); // wraps around
  });

  it('does not turn under prefers-reduced-motion, and offers to play instead', () => {
    vi.useFakeTimers();
    reducedMotion = true;
    renderCarousel();
    act(() => void vi.advanceTimersByTime(AUTOPLAY_MS * 3));
    expect(current()).toBe(1);
    expect(screen.getByRole('button', { name: 'Play the slideshow' })).toBeTruthy();
    expect(screen.getByTestId('home-banner').dataset.playing).toBe('false');
  });

  it('stops when reduced motion is switched on while the page is open', () => {
    vi.useFakeTimers();
    renderCarousel();
    reducedMotion = true;
    act(() => listeners.forEach((fn) => fn()));
    act(() => void vi.advanceTimersByTime(AUTOPLAY_MS * 2));
    expect(current()).toBe(1);
  });

  it('stops with its pause button, on focus inside it and once touched', () => {
    vi.useFakeTimers();
    renderCarousel();
    const region = screen.getByTestId('home-banner');
    fireEvent.click(screen.getByRole('button', { name: 'Pause the slideshow' }));
    act(() => void vi.advanceTimersByTime(AUTOPLAY_MS * 2));
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Play the slideshow' }));
    expect(region.dataset.playing).toBe('true');
    fireEvent.focus(screen.getByRole('button', { name: 'Next banner' }));
    expect(region.dataset.playing).toBe('false');
    fireEvent.blur(screen.getByRole('button', { name: 'Next banner' }));
    expect(region.dataset.playing).toBe('true');
    fireEvent.pointerDown(region, { pointerType: 'touch' });
    expect(region.dataset.playing).toBe('false');
    expect(screen.getByRole('button', { name: 'Play the slideshow' })).toBeTruthy();
  });

  it('moves with the arrow keys, Home and End, and with its previous, next and dot buttons', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Featured' });
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(current()).toBe(2);
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(current()).toBe(3); // wraps backwards
    fireEvent.keyDown(region, { key: 'Home' });
    expect(current()).toBe(1);
    fireEvent.keyDown(region, { key: 'End' });
    expect(current()).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Previous banner' }));
    expect(current()).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Show banner 2' }));
    expect(current()).toBe(2);
  });

  it('labels each slide and keeps banners out of view out of the tab order', () => {
    renderCarousel();
    const slides = screen.getAllByRole('group');
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(slides.map((s) => s.hasAttribute('inert'))).toEqual([false, true, true]);
    expect(screen.getByRole('link', { name: /First/ }).getAttribute('href')).toBe('#/pages/user/activityCenter');
  });

  it('shows one banner without controls, and nothing without banners', () => {
    const { unmount } = renderCarousel([ITEMS[0]!]);
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    const { container } = renderCarousel([]);
    expect(container.innerHTML).toBe('');
  });
});
