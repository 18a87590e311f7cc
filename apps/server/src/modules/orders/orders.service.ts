import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  parseMoney,
  quoteOrder,
  settleResult,
  settlementReturn,
  type Order,
  type OrderMode,
  type placeOrderBodySchema,
} from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { postJournals, houseShard, userAccount } from '../ledger/index.ts';
import { assetOf } from '../practice/index.ts';
import { requestHash } from '../../platform/idempotency/idempotency.service.ts';
import { priceAt, products, type ProductRow } from '../market/index.ts';
import { contractOrders } from './orders.table.ts';
import { toOrder, type OrderRow } from './order-view.ts';
import { submitOrder } from './order-placement.ts';
import { orderHooks } from './order-hooks.ts';

/** The addorder body as its schema parses it; callers inside the server may leave `mode` out (real). */
type PlaceOrderFields = z.output<typeof placeOrderBodySchema>;

export type PlaceOrderInput = {
  userId: number;
  body: Omit<PlaceOrderFields, 'mode'> & Partial<Pick<PlaceOrderFields, 'mode'>>;
  now: number;
  simulated: boolean;
};

/**
 * Opens a contract. Terms and the open price are the server's own: the terms row for the product and
 * period, and the recorded price of the latest second. Stake and fee leave the available balance in
 * one journal written with the order. The idempotency key makes a retried request return the first
 * answer instead of opening a second order. A real order of a user who leads joins their public record
 * and fans out to their followers in the same transaction.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<{ order: Order; replayed: boolean }> {
  const { body, userId, now } = input;
  const mode = body.mode ?? 'real';
  const stake = parseMoney(body.amount);
  if (stake === null || stake <= 0n) throw new AppError('invalid_request', { field: 'amount' });
  // The product, its terms and the market's hours are checked in the batch, in the transaction that opens it.
  const hash = requestHash('order.place', {
    symbol: body.symbol.toUpperCase(),
    seconds: body.seconds,
    amount: stake.toString(),
    direction: body.direction,
    ...(mode === 'real' ? {} : { mode }),
  });
  return submitOrder(db, {
    userId,
    key: body.key,
    hash,
    symbol: body.symbol,
    seconds: body.seconds,
    stake,
    direction: body.direction,
    mode,
    now,
    simulated: input.simulated,
  });
}

/**
 * Settles orders whose settlement second the feed has recorded (settle_time <= watermark), at the
 * price in effect at that second. SKIP LOCKED lets every node run this at once without settling an
 * order twice; the journal reference `order:<id>:settle` is a second guard. A whole batch is posted
 * and written in a few statements.
 */
export async function settleDueOrders(db: Db, watermark: number, limit = 200): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(contractOrders)
      .where(and(eq(contractOrders.status, 'open'), sql`${contractOrders.settleTime} <= ${watermark}`))
      .orderBy(contractOrders.settleTime)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    // Orders due in the same second of the same product share one price look-up.
    const prices = new Map<string, { ts: number; price: bigint } | null>();
    for (const order of due) {
      const key = `${order.productId}:${order.settleTime}`;
      if (!prices.has(key)) prices.set(key, await priceAt(tx, order.productId, order.settleTime));
    }
    const settled = due.map((order) =>
      settlementOf(order, prices.get(`${order.productId}:${order.settleTime}`) ?? null),
    );
    await postJournals(
      tx,
      settled.map((s) => s.journal),
    );
    await tx.execute(sql`
      UPDATE contract_orders o SET status = 'settled', result = v.result, payout = v.payout, settle_price = v.price,
        settle_tick_time = v.tick, settled_at = now()
      FROM unnest(${`{${settled.map((s) => s.id).join(',')}}`}::bigint[], ${`{${settled.map((s) => s.result).join(',')}}`}::text[],
                  ${`{${settled.map((s) => s.payout).join(',')}}`}::bigint[], ${`{${settled.map((s) => s.price).join(',')}}`}::bigint[],
                  ${`{${settled.map((s) => s.tick).join(',')}}`}::bigint[]) AS v(id, result, payout, price, tick)
      WHERE o.id = v.id`);
    // Orders in a leader's public record get their settlement entry in the same transaction.
    await orderHooks.ordersSettled.emit(
      tx,
      settled.map((s, i) => ({
        id: s.id,
        settleTime: due[i]!.settleTime,
        settleTickTime: s.tick,
        settlePrice: s.price,
        result: s.result,
        payout: s.payout,
      })),
    );
    return due.length;
  });
}

function settlementOf(order: OrderRow, tick: { ts: number; price: bigint } | null) {
  if (!tick) throw new Error(`no recorded price for order ${order.id} at ${order.settleTime}`);
  const result = settleResult(order.direction as 'up' | 'down', order.openPrice, tick.price);
  const quote = quoteOrder(order.stake, { payoutBp: order.payoutBp, lossBp: order.lossBp, feeBp: order.feeBp });
  const payout = settlementReturn(quote, result);
  const asset = assetOf(order.mode as OrderMode);
  const frozen = userAccount(order.userId, 'frozen', asset);
  const available = userAccount(order.userId, 'available', asset);
  const house = houseShard('trading', order.userId, asset);
  // The stake leaves the frozen bucket; what comes back goes to available; the house takes a loss or pays a win.
  const transfers = [];
  if (payout > 0n) transfers.push({ from: frozen, to: available, amount: payout > order.stake ? order.stake : payout });
  if (payout > order.stake) transfers.push({ from: house, to: available, amount: payout - order.stake });
  if (payout < order.stake) transfers.push({ from: frozen, to: house, amount: order.stake - payout });
  return {
    id: order.id,
    result,
    payout,
    price: tick.price,
    tick: tick.ts,
    journal: {
      reference: `order:${order.id}:settle`,
      kind: 'order_settle',
      transfers,
      memo: { order: order.id, result },
    },
  };
}

export async function getOrder(db: DbOrTx, userId: number, id: number, simulated: boolean): Promise<Order> {
  const [row] = await db
    .select()
    .from(contractOrders)
    .where(and(eq(contractOrders.id, id), eq(contractOrders.userId, userId)));
  // Someone else's order reads exactly like a missing one.
  if (!row) throw new AppError('no_data');
  const [product] = await db.select().from(products).where(eq(products.id, row.productId));
  return toOrder(row, product!, simulated);
}

export async function listOrders(
  db: DbOrTx,
  input: {
    userId: number;
    status?: 'open' | 'settled' | undefined;
    mode?: OrderMode | undefined;
    page: number;
    size: number;
    simulated: boolean;
  },
) {
  const filter = and(
    eq(contractOrders.userId, input.userId),
    eq(contractOrders.mode, input.mode ?? 'real'),
    input.status ? eq(contractOrders.status, input.status) : undefined,
  );
  const rows = await db
    .select()
    .from(contractOrders)
    .where(filter)
    .orderBy(desc(contractOrders.id))
    .limit(input.size)
    .offset((input.page - 1) * input.size);
  const [total] = await db.select({ n: count() }).from(contractOrders).where(filter);
  const ids = [...new Set(rows.map((r) => r.productId))];
  const byId = new Map<number, ProductRow>();
  if (ids.length) for (const p of await db.select().from(products).where(inArray(products.id, ids))) byId.set(p.id, p);
  return {
    items: rows.map((r) => toOrder(r, byId.get(r.productId)!, input.simulated)),
    total: Number(total?.n ?? 0),
    page: input.page,
  };
}
