import { and, desc, eq, sql } from 'drizzle-orm';
import {
  MAX_ACTIVE_ALERTS,
  bpToPct,
  formatPrice,
  type AlertList,
  type CreateAlertBody,
  type PriceAlert,
} from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findProduct, findProductById, priceAt, productsById, type ProductRow } from '../market/index.ts';
import { priceAlerts } from './alerts.table.ts';
import { postInboxMessage } from '../inbox/index.ts';
import { XACT_LOCKS } from '../../platform/db/advisory-locks.ts';

/** Advisory lock (xact) taken per user while counting and adding alerts, so the limit holds under races. */

type AlertRow = typeof priceAlerts.$inferSelect;

/** "123.4" at precision 2 -> 12340n; null when it has more decimals than the product prices in. */
export function parsePrice(text: string, precision: number): bigint | null {
  const m = /^(\d{1,12})(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > precision) return null;
  return BigInt(m[1]! + frac.padEnd(precision, '0'));
}

function toAlert(row: AlertRow, product: Pick<ProductRow, 'symbol' | 'name' | 'precision'>): PriceAlert {
  const price = (p: bigint) => formatPrice(p, product.precision);
  return {
    id: row.id,
    symbol: product.symbol,
    name: product.name,
    kind: row.kind as PriceAlert['kind'],
    direction: (row.direction as PriceAlert['direction']) ?? null,
    price: row.level === null ? null : price(row.level),
    pct: row.moveBp === null ? null : bpToPct(row.moveBp),
    minutes: row.minutes,
    base_price: price(row.basePrice),
    status: row.status as PriceAlert['status'],
    created_at: Math.floor(row.createdAt.getTime() / 1000),
    fired_tick:
      row.firedTs === null || row.firedPrice === null ? null : { ts: row.firedTs, price: price(row.firedPrice) },
  };
}

export async function createAlert(db: Db, userId: number, body: CreateAlertBody, now: number): Promise<PriceAlert> {
  const product = await findProduct(db, body.symbol);
  if (!product) throw new AppError('product_not_found', { field: 'symbol' });
  const base = await priceAt(db, product.id, now);
  if (!base) throw new AppError('prices_starting');
  let values: Partial<typeof priceAlerts.$inferInsert>;
  if (body.kind === 'cross') {
    const level = parsePrice(body.price, product.precision);
    // A level equal to the price now has nothing to cross.
    if (level === null || level <= 0n || level === base.price)
      throw new AppError('invalid_request', { field: 'price' });
    values = { kind: 'cross', level, direction: level > base.price ? 'above' : 'below' };
  } else {
    const [whole, frac = ''] = body.pct.split('.');
    const bp = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
    if (bp <= 0) throw new AppError('invalid_request', { field: 'pct' });
    values = { kind: 'move', moveBp: bp, minutes: Number(body.minutes) };
  }
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${XACT_LOCKS.alertCreate}, ${userId}::int)`);
    const [{ n }] = (
      await tx.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM price_alerts WHERE user_id = ${userId} AND status = 'active'`,
      )
    ).rows as [{ n: number }];
    if (n >= MAX_ACTIVE_ALERTS) throw new AppError('alert_limit', { params: { max: MAX_ACTIVE_ALERTS } });
    const [inserted] = await tx
      .insert(priceAlerts)
      .values({
        userId,
        productId: product.id,
        kind: values.kind!,
        ...values,
        baseTs: base.ts,
        basePrice: base.price,
        checkedUntil: base.ts,
      })
      .returning();
    return inserted!;
  });
  return toAlert(row, product);
}

export async function listAlerts(db: DbOrTx, userId: number, symbol?: string): Promise<AlertList> {
  const product = symbol ? await findProduct(db, symbol) : null;
  if (symbol && !product) throw new AppError('product_not_found', { field: 'symbol' });
  const rows = await db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), product ? eq(priceAlerts.productId, product.id) : undefined))
    .orderBy(desc(priceAlerts.id))
    .limit(100);
  const byId = await productsById(
    db,
    rows.map((r) => r.productId),
  );
  const [{ n }] = (
    await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM price_alerts WHERE user_id = ${userId} AND status = 'active'`,
    )
  ).rows as [{ n: number }];
  return { items: rows.map((r) => toAlert(r, byId.get(r.productId)!)), active: n, max: MAX_ACTIVE_ALERTS };
}

export async function cancelAlert(db: DbOrTx, userId: number, id: number): Promise<void> {
  const done = await db
    .update(priceAlerts)
    .set({ status: 'cancelled' })
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'active')))
    .returning({ id: priceAlerts.id });
  if (done.length === 0) throw new AppError('alert_not_found');
}

export type FiredAlert = { id: number; userId: number; productId: number; ts: number; price: bigint };

/**
 * Checks every active alert against the ticks recorded after its `checked_until` up to `watermark`.
 * The first tick meeting the condition fires it; the update only applies to a still-active row, so
 * two checkers on one database fire an alert once. Returns the alerts fired by this call.
 */
export async function checkAlerts(db: Db, watermark: number, batch = 500): Promise<FiredAlert[]> {
  const fired: FiredAlert[] = [];
  let after = 0;
  for (;;) {
    const active = await db
      .select()
      .from(priceAlerts)
      .where(and(eq(priceAlerts.status, 'active'), sql`${priceAlerts.id} > ${after}`))
      .orderBy(priceAlerts.id)
      .limit(batch);
    for (const alert of active) {
      if (alert.checkedUntil >= watermark) continue;
      const hit = await firstTrigger(db, alert, watermark);
      if (hit) {
        // The fire and its inbox message commit together: a fired alert always has its message, once.
        const done = await db.transaction(async (tx) => {
          const rows = await tx
            .update(priceAlerts)
            .set({ status: 'fired', firedTs: hit.ts, firedPrice: hit.price, firedAt: new Date(), checkedUntil: hit.ts })
            .where(and(eq(priceAlerts.id, alert.id), eq(priceAlerts.status, 'active')))
            .returning({ id: priceAlerts.id });
          if (rows.length) {
            const product = await findProductById(tx, alert.productId);
            await postInboxMessage(tx, {
              userId: alert.userId,
              kind: 'price_alert',
              params: alertMessageParams(alert, product!, hit.price),
              reference: `alert:${alert.id}:fired`,
            });
          }
          return rows;
        });
        if (done.length)
          fired.push({ id: alert.id, userId: alert.userId, productId: alert.productId, ts: hit.ts, price: hit.price });
      } else {
        await db
          .update(priceAlerts)
          .set({ checkedUntil: watermark })
          .where(
            and(
              eq(priceAlerts.id, alert.id),
              eq(priceAlerts.status, 'active'),
              sql`${priceAlerts.checkedUntil} < ${watermark}`,
            ),
          );
      }
    }
    if (active.length < batch) return fired;
    after = active[active.length - 1]!.id;
  }
}

/** The inbox message's values: signs and numbers only, so the text reads the same in every language. */
function alertMessageParams(alert: AlertRow, product: ProductRow, price: bigint) {
  const at = (value: bigint) => formatPrice(value, product.precision);
  return {
    symbol: product.symbol,
    price: at(price),
    direction: alert.kind === 'cross' ? (alert.direction === 'above' ? '≥' : '≤') : '±',
    target: alert.kind === 'cross' ? at(alert.level!) : `${bpToPct(alert.moveBp!)}% / ${alert.minutes}′`,
  };
}

async function firstTrigger(db: DbOrTx, a: AlertRow, watermark: number) {
  const result =
    a.kind === 'cross'
      ? await db.execute<{ ts: string; price: string }>(sql`
          SELECT ts, price FROM price_ticks
          WHERE product_id = ${a.productId} AND ts > ${a.checkedUntil} AND ts <= ${watermark}
            AND ${a.direction === 'above' ? sql`price >= ${a.level}` : sql`price <= ${a.level}`}
          ORDER BY ts LIMIT 1`)
      : // A move: against the lowest and the highest price of the window before the tick (never before the alert was set).
        await db.execute<{ ts: string; price: string }>(sql`
          SELECT t.ts, t.price FROM price_ticks t
          CROSS JOIN LATERAL (
            SELECT min(w.price) AS lo, max(w.price) AS hi FROM price_ticks w
            WHERE w.product_id = t.product_id AND w.ts >= greatest(t.ts - ${a.minutes! * 60}, ${a.baseTs}) AND w.ts < t.ts
          ) win
          WHERE t.product_id = ${a.productId} AND t.ts > ${a.checkedUntil} AND t.ts <= ${watermark}
            AND ((t.price - win.lo) * 10000 >= ${a.moveBp} * win.lo OR (win.hi - t.price) * 10000 >= ${a.moveBp} * win.hi)
          ORDER BY t.ts LIMIT 1`);
  const row = result.rows[0];
  return row ? { ts: Number(row.ts), price: BigInt(row.price) } : null;
}
