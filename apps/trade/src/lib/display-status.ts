import type { MarketStatus, Product } from '@app/contracts';

/**
 * The market status as the screens say it: "starting" is a market in session whose prices are not live yet;
 * "delayed" one whose source has not traded within the product's limit (orders are refused until it does).
 */
export type DisplayStatus = MarketStatus | 'starting' | 'delayed';

/**
 * "Trading" only with live prices: a product in session whose latest recorded price is not recent (a fresh
 * start still recording its history) is "starting", and orders are not offered until a price arrives on the
 * stream. A server that does not send `live` is trusted on its status.
 */
export function displayStatus(
  status: MarketStatus,
  product: (Pick<Product, 'live'> & Partial<Pick<Product, 'delayed'>>) | undefined,
  /** Whether a price has arrived on the stream since the page opened. */
  ticked: boolean,
): DisplayStatus {
  if (status !== 'trading') return status;
  if (product?.delayed) return 'delayed';
  return product?.live === false && !ticked ? 'starting' : 'trading';
}
