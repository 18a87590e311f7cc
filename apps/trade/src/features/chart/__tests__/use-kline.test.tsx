import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Candle } from '@app/contracts';
import type { Kline, KlineArgs } from '../api/kline-api.ts';

const fetchKline = vi.hoisted(() => vi.fn<(args: KlineArgs) => Promise<Kline>>());
vi.mock('../api/kline-api.ts', () => ({ useKlineFetcher: () => fetchKline }));
const { useKline, FIRST_PAGE, OLDER_PAGE } = await import('../hooks/use-kline.ts');

const candles = (from: number, count: number): Candle[] =>
  Array.from({ length: count }, (_, i) => ({ t: (from + i) * 60, o: '1', h: '2', l: '1', c: '2', v: 1 }));
const kline = (list: Candle[]): Kline => ({ symbol: 'BTC/USDT', interval: '1m', candles: list, simulated: true });

describe('useKline', () => {
  it('reads a phone screen of candles first, and older ones when the chart asks', async () => {
    fetchKline.mockResolvedValueOnce(kline(candles(1000, FIRST_PAGE)));
    const { result } = renderHook(() => useKline('BTC/USDT', '1m', null));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(FIRST_PAGE).toBeLessThanOrEqual(130);
    expect(fetchKline).toHaveBeenCalledTimes(1);
    expect(fetchKline.mock.calls[0]![0]).toEqual({ symbol: 'BTC/USDT', interval: '1m', count: FIRST_PAGE });
    expect(result.current.bars).toHaveLength(FIRST_PAGE);
    expect(result.current.exhausted).toBe(false);

    // Scrolled near the left edge: the page before the oldest candle.
    fetchKline.mockResolvedValueOnce(kline(candles(1000 - OLDER_PAGE, OLDER_PAGE)));
    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.bars).toHaveLength(FIRST_PAGE + OLDER_PAGE));
    expect(fetchKline.mock.calls[1]![0]).toEqual({
      symbol: 'BTC/USDT',
      interval: '1m',
      count: OLDER_PAGE,
      before: 1000 * 60,
    });
    expect(result.current.bars[0]!.time).toBe((1000 - OLDER_PAGE) * 60);
    expect(result.current.loadingOlder).toBe(false);

    // A short page is the start of the record: no more asking.
    fetchKline.mockResolvedValueOnce(kline(candles(600, 3)));
    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.exhausted).toBe(true));
    act(() => result.current.loadOlder());
    expect(fetchKline).toHaveBeenCalledTimes(3);
  });
});
