import type { MarketStatus } from '@app/contracts';
import type { ProductRow } from './market.repository.ts';
import { sessionStatusCached, type SessionName } from './trading-sessions.ts';

/**
 * A product is live when its latest recorded price is at most this old. An order needs a live price; a product
 * in session without one (a fresh start still recording its history, a feed that stopped) says so instead of
 * "trading".
 */
export const PRICE_FRESH_SECONDS = 3;

export const isLive = (tickTs: number | null | undefined, now: number) =>
  tickTs != null && tickTs >= now - PRICE_FRESH_SECONDS;

/** An operator's "trading forbidden" wins over the calendar; otherwise the session decides. */
export function marketStatus(product: Pick<ProductRow, 'forbidden' | 'session'>, ts: number): MarketStatus {
  if (product.forbidden) return 'forbidden';
  return sessionStatusCached(product.session as SessionName, ts);
}

/**
 * In session, the source's last real trade (a carried second is not one) is older than the product's limit: the
 * price is "delayed", shown as such, and orders on it are refused. No price at all is "starting", not delayed.
 */
export function isDelayed(
  product: Pick<ProductRow, 'forbidden' | 'session' | 'maxPriceAgeSeconds'>,
  lastTrade: number | null | undefined,
  now: number,
): boolean {
  if (lastTrade == null || marketStatus(product, now) !== 'trading') return false;
  return now - lastTrade > product.maxPriceAgeSeconds;
}
