import { parseMoney } from '@app/contracts';
import type { Db } from '../../platform/db/client.ts';
import { DEFAULT_TERMS, PRODUCT_SEEDS } from './product-catalogue.ts';
import { contractTerms, products } from './market.table.ts';

/** Products and their default terms; an operator's later changes are never overwritten. */
export async function seedProducts(db: Db) {
  const rows = PRODUCT_SEEDS.map((p, i) => ({
    symbol: p.symbol,
    name: p.name,
    class: p.class,
    precision: p.precision,
    session: p.session,
    volatilityBp: p.volatilityBp,
    seedPrice: parseMoney(p.price, p.precision)!,
    hot: p.hot ?? false,
    sort: i,
  }));
  await db.insert(products).values(rows).onConflictDoNothing({ target: products.symbol });
  const all = await db.select({ id: products.id }).from(products);
  const terms = all.flatMap((p) => DEFAULT_TERMS.map((t) => ({ productId: p.id, ...t })));
  await db.insert(contractTerms).values(terms).onConflictDoNothing();
}
