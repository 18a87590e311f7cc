import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { pgArray } from '../../platform/db/pg-array.ts';
import { logTermsChanged } from '../transparency/index.ts';
import { parseSourcePrice } from './market-sources.ts';
import { okxSymbolOf } from './okx-source.ts';
import type { ProductRow } from './market.repository.ts';
import type { LiveSource } from './stream-source.ts';

// The second, independent price source and its published rule: every crypto product's recorded seconds are
// checked against another exchange, and an order whose open or settle second differs by more than the tolerance
// (or has no second-source price) is void, stake and fee returned (settlement applies it; docs/transparency.md).

/** The classes a second source prices. */
export const REFERENCE_CLASSES = ['crypto'];

export type ReferenceRule = { source: string | null; toleranceBp: number; maxAgeSeconds: number };

/** A product's symbol at its second source. */
export function referenceSymbolOf(product: Pick<ProductRow, 'symbol' | 'referenceSymbol'>): string {
  return product.referenceSymbol ?? okxSymbolOf(product.symbol);
}

/**
 * REFERENCE_FEED at boot: every crypto product gets the configured rule (or none), and each product whose rule
 * changed gets a terms_changed entry in the same transaction, so the terms history shows when a rule took effect.
 * Orders copy the rule at open: a change never reaches an order already placed.
 */
export async function applyReferenceRule(tx: Tx, rule: ReferenceRule, at: number): Promise<string[]> {
  const changed = await tx.execute<{ symbol: string }>(sql`
    UPDATE products SET reference_source = ${rule.source},
      reference_tolerance_bp = ${rule.source === null ? null : rule.toleranceBp},
      reference_max_age_seconds = ${rule.maxAgeSeconds}
    WHERE class IN (${sql.join(
      REFERENCE_CLASSES.map((c) => sql`${c}`),
      sql`, `,
    )})
      AND (reference_source IS DISTINCT FROM ${rule.source}
           OR reference_tolerance_bp IS DISTINCT FROM ${rule.source === null ? null : rule.toleranceBp}::int
           OR reference_max_age_seconds <> ${rule.maxAgeSeconds})
    RETURNING symbol`);
  const symbols = changed.rows.map((r) => r.symbol);
  await logTermsChanged(
    tx,
    symbols.map((symbol) => ({
      subject: 'reference_rule' as const,
      at,
      symbol,
      source: rule.source,
      toleranceBp: rule.source === null ? null : rule.toleranceBp,
      maxAgeSeconds: rule.maxAgeSeconds,
    })),
  );
  return symbols;
}

export type ReferenceTick = { productId: number; ts: number; source: string; price: bigint; tradeId: string | null };

/**
 * One step of a second source for its products: the seconds heard since the last step, each the second's last trade
 * at the source (a second without one is absent), and how far the source is now heard. Nothing is carried or
 * guessed: a second the source did not hear stays without a price.
 */
export function referenceStep(
  source: LiveSource,
  list: ProductRow[],
  through: Map<number, number>,
): { ticks: ReferenceTick[]; heard: Array<{ productId: number; through: number }> } {
  const ticks: ReferenceTick[] = [];
  const heard: Array<{ productId: number; through: number }> = [];
  const liveFrom = source.liveFrom();
  const heardThrough = source.heardThrough();
  if (liveFrom === null || heardThrough === null) return { ticks, heard };
  for (const product of list) {
    const from = Math.max((through.get(product.id) ?? liveFrom - 1) + 1, liveFrom);
    if (from > heardThrough) continue;
    for (const [second, trade] of source.take(referenceSymbolOf(product), from, heardThrough)) {
      const price = parseSourcePrice(trade.price, product.precision);
      if (price !== null)
        ticks.push({
          productId: product.id,
          ts: second,
          source: source.name,
          price,
          tradeId: trade.tradeId === null ? null : String(trade.tradeId),
        });
    }
    heard.push({ productId: product.id, through: heardThrough });
  }
  return { ticks, heard };
}

/** Writes a step of the second source: its seconds and how far each product is heard. */
export async function recordReference(
  db: DbOrTx,
  step: { ticks: ReferenceTick[]; heard: Array<{ productId: number; through: number }> },
): Promise<void> {
  const { ticks, heard } = step;
  if (ticks.length)
    await db.execute(sql`
      INSERT INTO reference_ticks (product_id, ts, source, price, trade_id)
      SELECT * FROM unnest(${pgArray(ticks.map((t) => t.productId))}::int[], ${pgArray(ticks.map((t) => t.ts))}::bigint[],
                           ${pgArray(ticks.map((t) => t.source))}::text[], ${pgArray(ticks.map((t) => t.price))}::bigint[],
                           ${pgArray(ticks.map((t) => t.tradeId))}::text[])
      ON CONFLICT (product_id, ts) DO NOTHING`);
  if (heard.length)
    await db.execute(sql`
      UPDATE feed_progress f SET reference_through = greatest(f.reference_through, v.through)
      FROM unnest(${pgArray(heard.map((h) => h.productId))}::int[], ${pgArray(heard.map((h) => h.through))}::bigint[])
        AS v(product_id, through)
      WHERE f.product_id = v.product_id`);
}

/** How far each product's second source is heard. */
export async function referenceProgressOf(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db.execute<{ product_id: number; reference_through: string }>(
    sql`SELECT product_id, reference_through FROM feed_progress WHERE reference_through IS NOT NULL`,
  );
  return new Map(rows.rows.map((r) => [Number(r.product_id), Number(r.reference_through)]));
}
