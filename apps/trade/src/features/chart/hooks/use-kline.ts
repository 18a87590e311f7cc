import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { INTERVAL_SECONDS, type KlineInterval, type Tick } from '@app/contracts';
import { useKlineFetcher } from '../api/kline-api.ts';
import { applyTick, mergeBars, toBar, type Bar } from '../lib/candles.ts';

/**
 * The first page: about what a phone's chart shows (70 candles) and the 30 before them that the longest moving
 * average needs, so the first draw lays out and draws no more than that. Older pages, asked for when the user
 * scrolls near the left edge, are larger: they arrive while the user looks, and fewer round trips keep ahead.
 */
export const FIRST_PAGE = 120;
export const OLDER_PAGE = 300;

export type KlineState = {
  bars: Bar[];
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  /** No older candles on the server. */
  exhausted: boolean;
  loadingOlder: boolean;
  simulated: boolean;
};

const initial: KlineState = {
  bars: [],
  status: 'loading',
  error: null,
  exhausted: false,
  loadingOlder: false,
  simulated: true,
};

/**
 * The recorded candles of a symbol and interval: the latest page first (or the page around `at`), older pages
 * on demand, and the newest candle moved by live ticks. When a tick opens a new candle the server's copy of the
 * last two candles is fetched shortly after, so the chart always converges on what the server recorded
 * (volume included, which ticks do not carry).
 */
export function useKline(symbol: string, interval: KlineInterval, at: number | null) {
  const [state, setState] = useState<KlineState>(initial);
  const [attempt, setAttempt] = useState(0);
  const fetchKline = useKlineFetcher();
  const stateRef = useRef(state);
  stateRef.current = state;
  const reconcileTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Another symbol, interval or moment (or a retry) starts from an empty chart, in the same render.
  const request = `${symbol}|${interval}|${at}|${attempt}`;
  const [shown, setShown] = useState(request);
  if (shown !== request) {
    setShown(request);
    setState(initial);
  }

  useEffect(() => {
    let cancelled = false;
    // Around a moment: the page that ends a little after it, so it sits inside the first page.
    const before = at ? at + INTERVAL_SECONDS[interval] * 60 : undefined;
    fetchKline({ symbol, interval, count: FIRST_PAGE, before })
      .then((kline) => {
        if (cancelled) return;
        setState({
          ...initial,
          status: 'ready',
          bars: kline.candles.map(toBar),
          exhausted: kline.candles.length < FIRST_PAGE,
          simulated: kline.simulated,
        });
      })
      .catch((error: unknown) => !cancelled && setState({ ...initial, status: 'error', error }));
    return () => {
      cancelled = true;
      if (reconcileTimer.current) clearTimeout(reconcileTimer.current);
    };
  }, [symbol, interval, at, attempt, fetchKline]);

  const loadOlder = useCallback(() => {
    const current = stateRef.current;
    if (current.status !== 'ready' || current.exhausted || current.loadingOlder || current.bars.length === 0) return;
    setState((s) => ({ ...s, loadingOlder: true }));
    fetchKline({ symbol, interval, count: OLDER_PAGE, before: current.bars[0]!.time })
      .then((kline) =>
        setState((s) => ({
          ...s,
          loadingOlder: false,
          exhausted: kline.candles.length < OLDER_PAGE,
          bars: mergeBars(s.bars, kline.candles.map(toBar)),
        })),
      )
      // Paging back failed: the chart keeps what it has; scrolling to the edge again retries.
      .catch(() => setState((s) => ({ ...s, loadingOlder: false })));
  }, [fetchKline, symbol, interval]);

  const reconcile = useCallback(() => {
    fetchKline({ symbol, interval, count: 2 })
      .then((kline) => setState((s) => ({ ...s, bars: mergeBars(s.bars, kline.candles.map(toBar)) })))
      .catch(() => {});
  }, [fetchKline, symbol, interval]);

  const onTick = useCallback(
    (tick: Tick) => {
      if (tick.s !== symbol) return;
      if (stateRef.current.status !== 'ready') return;
      // At transition priority, as every live update (stream-hooks.ts): the render gives way to a tap. The
      // candle is moved from the state the update applies to, which holds any tick not rendered yet.
      startTransition(() =>
        setState((s) => {
          if (s.status !== 'ready') return s;
          const moved = applyTick(s.bars[s.bars.length - 1], tick, interval);
          if (moved.kind === 'none') return s;
          const bars = s.bars.slice();
          if (moved.kind === 'update') bars[bars.length - 1] = moved.bar;
          else bars.push(moved.bar);
          return { ...s, bars };
        }),
      );
      // A tick that opens a candle: the server's copy follows shortly.
      const { bars } = stateRef.current;
      if (applyTick(bars[bars.length - 1], tick, interval).kind === 'new') {
        if (reconcileTimer.current) clearTimeout(reconcileTimer.current);
        reconcileTimer.current = setTimeout(reconcile, 2000);
      }
    },
    [symbol, interval, reconcile],
  );

  return { ...state, loadOlder, onTick, retry: () => setAttempt((n) => n + 1) };
}
