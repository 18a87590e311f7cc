import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  parseMoney,
  type adminProductCreateSchema,
  type adminProductUpdateSchema,
  type ProductClass,
} from '@app/contracts';
import type { Db } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { contractTerms, products } from './market.table.ts';
import { toTerms } from './terms-view.ts';
import type { ProductRow } from './market.repository.ts';
import { DEFAULT_TERMS } from './product-catalogue.ts';
import { logTermsChanged, type TermsChangedFact } from '../transparency/index.ts';
import { systemClock } from '../../platform/time/clock.ts';

/** A period's terms as the transparency log records them. */
const termsEntry = (symbol: string, t: typeof contractTerms.$inferSelect): TermsChangedFact => ({
  subject: 'contract_terms',
  at: systemClock(),
  symbol,
  seconds: t.seconds,
  terms: t,
});

// Operators stop and resume trading in a product and set its terms; each change audited in its transaction.

type Actor = { operator: string; reason: string; ip: string };

export async function setProductForbidden(
  db: Db,
  p: Pick<ProductRow, 'id' | 'symbol'>,
  forbidden: boolean,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(products).set({ forbidden }).where(eq(products.id, p.id));
    await audit(tx, {
      operator: actor.operator,
      action: `product.${forbidden ? 'forbid' : 'allow'}`,
      target: `product:${p.symbol}`,
      reason: actor.reason,
      ip: actor.ip,
    });
  });
}

/** The terms of one period of a product, created or replaced (the caller has checked the amounts). */
export async function setTerms(
  db: Db,
  p: Pick<ProductRow, 'id' | 'symbol'>,
  b: {
    seconds: number;
    payout_pct: number;
    loss_pct: number;
    fee_pct: number;
    min_amount: bigint;
    max_amount: bigint;
    max_open_amount: bigint;
    presets: bigint[];
    enabled: boolean;
  },
  actor: Actor,
) {
  const values = {
    productId: p.id,
    seconds: b.seconds,
    payoutBp: b.payout_pct,
    lossBp: b.loss_pct,
    feeBp: b.fee_pct,
    minStake: b.min_amount,
    maxStake: b.max_amount,
    maxOpenStake: b.max_open_amount,
    presets: b.presets.map(String),
    enabled: b.enabled,
  };
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(contractTerms)
      .where(and(eq(contractTerms.productId, p.id), eq(contractTerms.seconds, b.seconds)));
    const [row] = await tx
      .insert(contractTerms)
      .values(values)
      .onConflictDoUpdate({
        target: [contractTerms.productId, contractTerms.seconds],
        set: { ...values, updatedAt: sql`now()` },
      })
      .returning();
    await logTermsChanged(tx, [termsEntry(p.symbol, row!)]);
    await audit(tx, {
      operator: actor.operator,
      action: 'terms.set',
      target: `product:${p.symbol}:${b.seconds}s`,
      reason: actor.reason,
      details: { before: before ? toTerms(before) : null, after: toTerms(row!) },
      ip: actor.ip,
    });
    return row!;
  });
}

/** The simulator's volatility for a product an operator adds, by class (the seeded products' typical values). */
const CLASS_VOLATILITY_BP: Record<ProductClass, number> = {
  forex: 900,
  metals: 2000,
  futures: 4000,
  stocks: 4000,
  crypto: 8000,
};

/** A product as an operator sees it in the audit log: everything they can change. */
const auditView = (p: ProductRow) => ({
  name: p.name,
  source: p.source,
  source_symbol: p.sourceSymbol,
  precision: p.precision,
  max_price_age_seconds: p.maxPriceAgeSeconds,
  hot: p.hot,
});

/** Adds a product with the default terms; its prices start when its source records the first one. */
export async function createProduct(db: Db, b: z.output<typeof adminProductCreateSchema>, actor: Actor) {
  const seedPrice = parseMoney(b.seed_price, b.precision);
  if (seedPrice === null || seedPrice <= 0n) throw new AppError('invalid_request', { field: 'seed_price' });
  return db.transaction(async (tx) => {
    const [{ sort } = { sort: 0 }] = await tx.select({ sort: sql<number>`coalesce(max(sort), 0) + 1` }).from(products);
    const [row] = await tx
      .insert(products)
      .values({
        symbol: b.symbol,
        name: b.name,
        class: b.class,
        precision: b.precision,
        session: b.session,
        volatilityBp: CLASS_VOLATILITY_BP[b.class],
        seedPrice,
        hot: b.hot,
        sort: Number(sort),
        source: b.source,
        sourceSymbol: b.source_symbol,
        sourcePinned: true,
        maxPriceAgeSeconds: b.max_price_age_seconds,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('product_exists', { field: 'symbol' });
    const terms = await tx
      .insert(contractTerms)
      .values(DEFAULT_TERMS.map((t) => ({ productId: row.id, ...t })))
      .returning();
    await logTermsChanged(
      tx,
      terms.map((t) => termsEntry(row.symbol, t)),
    );
    await audit(tx, {
      operator: actor.operator,
      action: 'product.create',
      target: `product:${row.symbol}`,
      reason: actor.reason,
      details: { before: null, after: { ...auditView(row), class: row.class, session: row.session } },
      ip: actor.ip,
    });
    return row;
  });
}

/**
 * Changes a product's source, source symbol, precision, delay limit, name or mark. A source chosen here is pinned
 * (MARKET_FEED leaves it alone). The precision is the scale of every recorded price, so it changes only while the
 * product has none.
 */
export async function updateProduct(
  db: Db,
  p: ProductRow,
  b: z.output<typeof adminProductUpdateSchema>,
  actor: Actor,
): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, p.id)).for('update');
    if (b.precision !== undefined && b.precision !== before!.precision) {
      const recorded = await tx.execute(sql`SELECT 1 FROM price_ticks WHERE product_id = ${p.id} LIMIT 1`);
      if (recorded.rows.length) throw new AppError('precision_locked', { field: 'precision' });
    }
    const [row] = await tx
      .update(products)
      .set({
        ...(b.name !== undefined ? { name: b.name } : {}),
        ...(b.source !== undefined ? { source: b.source, sourcePinned: true } : {}),
        ...(b.source_symbol !== undefined ? { sourceSymbol: b.source_symbol } : {}),
        ...(b.precision !== undefined ? { precision: b.precision } : {}),
        ...(b.max_price_age_seconds !== undefined ? { maxPriceAgeSeconds: b.max_price_age_seconds } : {}),
        ...(b.hot !== undefined ? { hot: b.hot } : {}),
      })
      .where(eq(products.id, p.id))
      .returning();
    await audit(tx, {
      operator: actor.operator,
      action: 'product.update',
      target: `product:${p.symbol}`,
      reason: actor.reason,
      details: { before: auditView(before!), after: auditView(row!) },
      ip: actor.ip,
    });
    return row!;
  });
}
