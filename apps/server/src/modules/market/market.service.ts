import { formatPrice, type Product } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { dayOpens, latestTicks, listProducts, progressOf, type ProductRow } from './market.repository.ts';
import { isDelayed, isLive, marketStatus } from './market-status.ts';

/** Percent change with two decimals, computed on integers: (now - base) / base. */
export function changePct(now: bigint, base: bigint): string {
  if (base === 0n) return '0.00';
  const bp = ((now - base) * 10_000n) / base;
  const sign = bp < 0n ? '-' : '';
  const abs = bp < 0n ? -bp : bp;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

export async function productViews(db: DbOrTx, now: number, rows?: ProductRow[]): Promise<Product[]> {
  const list = rows ?? (await listProducts(db));
  const latest = await latestTicks(db);
  const progress = await progressOf(db);
  const opens = await dayOpens(
    db,
    list.flatMap((p) => {
      const tick = latest.get(p.id);
      return tick ? [{ productId: p.id, ts: tick.ts }] : [];
    }),
  );
  const views: Product[] = [];
  for (const p of list) {
    const tick = latest.get(p.id);
    const open = opens.get(p.id);
    views.push({
      symbol: p.symbol,
      name: p.name,
      class: p.class as Product['class'],
      precision: p.precision,
      price: tick ? formatPrice(tick.price, p.precision) : null,
      change_pct: tick && open !== undefined ? changePct(tick.price, open) : null,
      price_time: tick?.ts ?? null,
      status: marketStatus(p, now),
      live: isLive(tick?.ts, now),
      hot: p.hot,
      simulated: p.simulated,
      source: p.source,
      delayed: isDelayed(p, progress.get(p.id)?.lastTrade, now),
    });
  }
  return views;
}
