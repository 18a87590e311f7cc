import type { ReactNode } from 'react';
import { useTickValue } from './stream-hooks.ts';

/**
 * Where a price comes from: the stream's ticks of `symbol` (null: follow none) newer than `since`, else
 * `fallback`, the quote read over HTTP.
 */
export type PriceSource = { symbol: string | null; since: number; fallback: string | null };

/**
 * Renders what shows the price with the live one: the stream's latest tick when it is not older than the quote
 * read over HTTP, else that quote. Each tick re-renders only these children, not the page around them (the
 * chart, the buttons, the sheets), which on a phone made every second a long task.
 */
export function WithLivePrice({
  source,
  children,
}: {
  source: PriceSource;
  children: (price: string | null) => ReactNode;
}) {
  const price = useTickValue(source.symbol, (tick) => (tick && tick.t >= source.since ? tick.p : source.fallback));
  return children(price);
}
