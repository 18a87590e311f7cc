import { and, desc, eq, sql } from 'drizzle-orm';
import { formatPrice } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { priceTicks, products, referenceTicks } from './market.table.ts';

export type RecordedSecond = {
  /** The second of the recorded tick in effect at the asked second (null: none recorded by then). */
  recordedSecond: number | null;
  price: string | null;
  carried: boolean;
  /** The product's price source, and its trade id of that second when it gave one. */
  source: string;
  tradeId: string | null;
  /** The second source's last trade of that very second, when the product has a second source and it traded. */
  reference: { source: string; price: string; tradeId: string | null } | null;
};

/**
 * What the series holds for one second of a product, and where it came from: the evidence a contested order's
 * open and settle prices are checked against (the price in effect is the last recorded tick at or before it).
 */
export async function recordedSecond(db: DbOrTx, productId: number, second: number): Promise<RecordedSecond | null> {
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  if (!product) return null;
  const [[tick], [reference]] = await Promise.all([
    db
      .select()
      .from(priceTicks)
      .where(and(eq(priceTicks.productId, productId), sql`${priceTicks.ts} <= ${second}`))
      .orderBy(desc(priceTicks.ts))
      .limit(1),
    db
      .select()
      .from(referenceTicks)
      .where(and(eq(referenceTicks.productId, productId), eq(referenceTicks.ts, second))),
  ]);
  return {
    recordedSecond: tick?.ts ?? null,
    price: tick ? formatPrice(tick.price, product.precision) : null,
    carried: tick?.carried ?? false,
    source: product.source,
    tradeId: tick?.tradeId == null ? null : String(tick.tradeId),
    reference: reference
      ? {
          source: reference.source,
          price: formatPrice(reference.price, product.precision),
          tradeId: reference.tradeId,
        }
      : null,
  };
}
