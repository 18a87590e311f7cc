import { useCallback } from 'react';
import { baseApi, useAppDispatch } from '@app/api-client';
import type { Candle, KlineInterval, Tick } from '@app/contracts';

export type Kline = { symbol: string; interval: KlineInterval; candles: Candle[]; simulated: boolean };
export type KlineArgs = { symbol: string; interval: KlineInterval; count?: number; before?: number };

/** getkdata (recorded candles, paged back with `before`) and ticks (the recorded per-second line). */
export const klineApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getKline: build.query<Kline, KlineArgs>({
      query: ({ symbol, interval, count = 300, before }) => ({
        url: '/api/index/getkdata',
        params: { symbol, interval, count, before },
      }),
      // Pages are merged into the chart's own list; a cached page would only go stale.
      keepUnusedDataFor: 0,
    }),
    getTicks: build.query<{ symbol: string; items: Tick[] }, { symbol: string; seconds: number }>({
      query: ({ symbol, seconds }) => ({ url: '/api/index/ticks', params: { symbol, seconds } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyGetTicksQuery } = klineApi;

/**
 * One-off page fetches: the chart merges pages into its own list, several may be in flight at once (an older
 * page and the reconciliation of the newest), and none should stay subscribed in the cache.
 */
export function useKlineFetcher() {
  const dispatch = useAppDispatch();
  return useCallback(
    (args: KlineArgs) =>
      dispatch(klineApi.endpoints.getKline.initiate(args, { subscribe: false, forceRefetch: true })).unwrap(),
    [dispatch],
  );
}
