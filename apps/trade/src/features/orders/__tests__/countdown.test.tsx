import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secondsLeft, useSecondsLeft } from '../hooks/use-clock.ts';

function Countdown({ until, now }: { until: number; now: () => number }) {
  return <span data-testid="left">{useSecondsLeft(until, now)}</span>;
}

describe('the settlement countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts whole seconds up to the settlement second, then stays at 0', () => {
    expect(secondsLeft(1030, 1_000_000)).toBe(30);
    expect(secondsLeft(1030, 1_000_001)).toBe(30); // 29.999 s left still reads 30
    expect(secondsLeft(1030, 1_029_000)).toBe(1);
    expect(secondsLeft(1030, 1_030_000)).toBe(0);
    expect(secondsLeft(1030, 1_045_000)).toBe(0);
  });

  it('ticks once per second on the clock it is given', () => {
    vi.setSystemTime(1_000_000);
    const now = () => Date.now();
    render(<Countdown until={1003} now={now} />);
    expect(screen.getByTestId('left').textContent).toBe('3');
    act(() => void vi.advanceTimersByTime(1005));
    expect(screen.getByTestId('left').textContent).toBe('2');
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('left').textContent).toBe('1');
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('left').textContent).toBe('0');
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.getByTestId('left').textContent).toBe('0');
  });

  it('counts to the server second, not the phone clock, when they differ', () => {
    vi.setSystemTime(1_000_000);
    // The server is 10 s ahead of this phone: its second 1020 is 10 s away, not 20.
    const serverClock = () => Date.now() + 10_000;
    render(<Countdown until={1020} now={serverClock} />);
    expect(screen.getByTestId('left').textContent).toBe('10');
  });

  it('stays right after the tab slept (it counts against the clock, not by decrementing)', () => {
    vi.setSystemTime(1_000_000);
    let skew = 0;
    const now = () => Date.now() + skew;
    render(<Countdown until={1060} now={now} />);
    expect(screen.getByTestId('left').textContent).toBe('60');
    // Timers were frozen for 40 s: the next tick reads the clock.
    skew = 40_000;
    act(() => void vi.advanceTimersByTime(1005));
    expect(screen.getByTestId('left').textContent).toBe('19');
  });
});
