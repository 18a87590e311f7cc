import type { MarketStatus } from '@app/contracts';
import type { ProductRow } from './market.repository.ts';
import { sessionStatusCached, type SessionName } from './trading-sessions.ts';

/** An operator's "trading forbidden" wins over the calendar; otherwise the session decides. */
export function marketStatus(product: Pick<ProductRow, 'forbidden' | 'session'>, ts: number): MarketStatus {
  if (product.forbidden) return 'forbidden';
  return sessionStatusCached(product.session as SessionName, ts);
}
