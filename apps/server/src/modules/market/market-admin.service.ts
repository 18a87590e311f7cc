import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { contractTerms, products } from './market.table.ts';
import { toTerms } from './terms-view.ts';
import type { ProductRow } from './market.repository.ts';

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
