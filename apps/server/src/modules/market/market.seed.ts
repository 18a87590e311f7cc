import { parseMoney } from '@app/contracts';
import type { Db } from '../../platform/db/client.ts';
import { systemClock } from '../../platform/time/clock.ts';
import { logTermsChanged } from '../transparency/index.ts';
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
  const all = await db.select({ id: products.id, symbol: products.symbol }).from(products);
  const terms = all.flatMap((p) => DEFAULT_TERMS.map((t) => ({ productId: p.id, ...t })));
  const symbols = new Map(all.map((p) => [p.id, p.symbol]));
  // The terms a database starts with are logged like a change, at the seeding: the terms history begins there.
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(contractTerms).values(terms).onConflictDoNothing().returning();
    await logTermsChanged(
      tx,
      inserted.map((t) => ({
        subject: 'contract_terms' as const,
        at: systemClock(),
        symbol: symbols.get(t.productId)!,
        seconds: t.seconds,
        terms: t,
      })),
    );
  });
}
