import type { ReactNode } from 'react';
import { useTickValue } from './stream-hooks.ts';

/** Where a price comes from: the stream's ticks of `symbol` newer than `since`, else `fallback`, the quote read over HTTP. */
export type PriceSource = { symbol: string; since: number; fallback: string | null };

/**
 * Renders what shows the price with the live one: the stream's latest tick when it is not older than the quote
 * read over HTTP, else that quote. Each tick re-renders only these children, not the page around them (the
 * chart, the buttons, the sheets), which on a phone made every second a long task. `follow` false: what shows the
 * price is hidden (a closed sheet), so it follows no tick and gets the fallback.
 */
export function WithLivePrice({
  source,
  follow = true,
  children,
}: {
  source: PriceSource;
  follow?: boolean;
  children: (price: string | null) => ReactNode;
}) {
  const price = useTickValue(follow ? source.symbol : null, (tick) =>
    tick && tick.t >= source.since ? tick.p : source.fallback,
  );
  return children(price);
}
