import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  bpToPct,
  contractTermsSchema,
  formatMoney,
  parseMoney,
  type HeldChange,
  type adminProductCreateSchema,
  type adminProductUpdateSchema,
  type ProductClass,
} from '@app/contracts';
import type { Db, Tx } from '../../platform/db/client.ts';
import { holdChange, type HeldChangeOwner } from '../../platform/held-changes/held-changes.service.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { contractTerms, products } from './market.table.ts';
import { toTerms } from './terms-view.ts';
import type { ProductRow, TermsRow } from './market.repository.ts';
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
    // Whether a product takes orders is a term of trading: public, in the log, with when it changed.
    await logTermsChanged(tx, [{ subject: 'trading', at: systemClock(), symbol: p.symbol, forbidden }]);
    await audit(tx, {
      operator: actor.operator,
      action: `product.${forbidden ? 'forbid' : 'allow'}`,
      target: `product:${p.symbol}`,
      reason: actor.reason,
      ip: actor.ip,
    });
  });
}

type TermsInput = {
  seconds: number;
  payout_pct: number;
  loss_pct: number;
  fee_pct: number;
  min_amount: bigint;
  max_amount: bigint;
  max_open_amount: bigint;
  presets: bigint[];
  enabled: boolean;
};

/** The terms of a period as the console shows them, `enabled` included: what a held change names and compares. */
const termsFields = (row: TermsRow | undefined) => ({
  payout_pct: row ? bpToPct(row.payoutBp) : null,
  loss_pct: row ? bpToPct(row.lossBp) : null,
  fee_pct: row ? bpToPct(row.feeBp) : null,
  min_amount: row ? formatMoney(row.minStake) : null,
  max_amount: row ? formatMoney(row.maxStake) : null,
  max_open_amount: row ? formatMoney(row.maxOpenStake) : null,
  enabled: row ? row.enabled : null,
});

/**
 * Whether new terms weaken the house's: a new period (payout terms nobody has approved yet), the payout, the loss
 * or the fee changed either way (each moves money between users and the house on every order), or a larger
 * maximum stake or open stake. docs/operators.md lists the same.
 */
function termsWeaken(before: TermsRow | undefined, b: TermsInput) {
  if (!before) return true;
  return (
    b.payout_pct !== before.payoutBp ||
    b.loss_pct !== before.lossBp ||
    b.fee_pct !== before.feeBp ||
    b.max_amount > before.maxStake ||
    b.max_open_amount > before.maxOpenStake
  );
}

/**
 * The terms of one period of a product, created or replaced (the caller has checked the amounts). Terms that
 * weaken the house's are held for a second operator (`held` is then the proposal, and `row` the terms still in
 * force, or none for a new period); others are saved and audited at once.
 */
export async function setTerms(
  db: Db,
  p: Pick<ProductRow, 'id' | 'symbol'>,
  b: TermsInput,
  actor: Actor,
): Promise<{ row: TermsRow | null; held: HeldChange | null }> {
  return db.transaction(async (tx) => {
    const before = await termsRowOf(tx, p.id, b.seconds);
    if (termsWeaken(before, b)) {
      const [from, to] = [termsFields(before), termsFields(proposedTerms(p.id, b))];
      const fields = (Object.keys(from) as (keyof typeof from)[])
        .filter((f) => from[f] !== to[f])
        .map((f) => ({ field: f, before: from[f], after: to[f] }));
      const held = await holdChange(tx, {
        kind: 'product.terms',
        target: termsTarget(p.symbol, b.seconds),
        permission: 'catalogue.edit',
        change: { ...to, seconds: b.seconds, presets: b.presets.map((v) => formatMoney(v)) },
        fields,
        act: actor,
      });
      return { row: before ?? null, held };
    }
    return { row: await saveTerms(tx, p, b, actor, {}), held: null };
  });
}

const termsTarget = (symbol: string, seconds: number) => `product:${symbol}:${seconds}s`;

async function termsRowOf(tx: Tx, productId: number, seconds: number) {
  const [row] = await tx
    .select()
    .from(contractTerms)
    .where(and(eq(contractTerms.productId, productId), eq(contractTerms.seconds, seconds)));
  return row;
}

/** A row of the terms as `b` would write them (not written). */
export const proposedTerms = (productId: number, b: TermsInput) =>
  ({
    productId,
    seconds: b.seconds,
    payoutBp: b.payout_pct,
    lossBp: b.loss_pct,
    feeBp: b.fee_pct,
    minStake: b.min_amount,
    maxStake: b.max_amount,
    maxOpenStake: b.max_open_amount,
    presets: b.presets.map(String),
    enabled: b.enabled,
  }) as TermsRow;

async function saveTerms(
  tx: Tx,
  p: Pick<ProductRow, 'id' | 'symbol'>,
  b: TermsInput,
  actor: Actor,
  details: Record<string, unknown>,
) {
  const before = await termsRowOf(tx, p.id, b.seconds);
  const { productId, seconds, payoutBp, lossBp, feeBp, minStake, maxStake, maxOpenStake, presets, enabled } =
    proposedTerms(p.id, b);
  const values = { productId, seconds, payoutBp, lossBp, feeBp, minStake, maxStake, maxOpenStake, presets, enabled };
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
    target: termsTarget(p.symbol, b.seconds),
    reason: actor.reason,
    details: { before: before ? toTerms(before) : null, after: toTerms(row!), ...details },
    ip: actor.ip,
  });
  return row!;
}

const heldTermsSchema = contractTermsSchema.extend({ enabled: z.boolean() });

const bpOf = (pct: string) => Math.round(Number(pct) * 100);
const minorOf = (amount: string) => parseMoney(amount)!;

/** Registered by the market's face: approved terms are saved as the checker's change, naming the proposal. */
export const termsOwner: HeldChangeOwner = {
  current: async (tx, target) => {
    const match = /^product:(.+):(\d+)s$/.exec(target)!;
    const [product] = await tx.select().from(products).where(eq(products.symbol, match[1]!));
    return termsFields(product ? await termsRowOf(tx, product.id, Number(match[2])) : undefined);
  },
  apply: async (tx, target, change, act) => {
    const symbol = /^product:(.+):\d+s$/.exec(target)![1]!;
    const [product] = await tx.select().from(products).where(eq(products.symbol, symbol));
    if (!product) throw new AppError('product_not_found');
    const t = heldTermsSchema.parse(change);
    await saveTerms(
      tx,
      product,
      {
        seconds: t.seconds,
        payout_pct: bpOf(t.payout_pct),
        loss_pct: bpOf(t.loss_pct),
        fee_pct: bpOf(t.fee_pct),
        min_amount: minorOf(t.min_amount),
        max_amount: minorOf(t.max_amount),
        max_open_amount: minorOf(t.max_open_amount),
        presets: t.presets.map(minorOf),
        enabled: t.enabled,
      },
      { operator: act.operator, reason: act.body.reason, ip: act.ip },
      { held_change: act.proposal.id, proposed_by: act.proposal.by },
    );
  },
};

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
