import type { DbOrTx } from '../../platform/db/client.ts';
import { listProducts, progressOf } from './market.repository.ts';
import { isDelayed, marketStatus } from './market-status.ts';

/**
 * Per product in session, the seconds since its source's last real trade (a carried second does not count), and
 * whether that makes its price delayed. Products out of session are not expected to trade and show 0.
 */
export async function productLags(
  db: DbOrTx,
  now: number,
): Promise<Array<{ symbol: string; lagSeconds: number; delayed: boolean }>> {
  const [list, progress] = await Promise.all([listProducts(db), progressOf(db)]);
  return list.map((p) => {
    const lastTrade = progress.get(p.id)?.lastTrade;
    const inSession = marketStatus(p, now) === 'trading';
    return {
      symbol: p.symbol,
      lagSeconds: inSession && lastTrade != null ? Math.max(0, now - lastTrade) : 0,
      delayed: isDelayed(p, lastTrade, now),
    };
  });
}
