import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  formatMoney,
  parseMoney,
  quoteOrder,
  settleResult,
  settlementReturn,
  type Order,
  type OrderMode,
  type PlaceOrderBody,
} from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { postJournals } from '../ledger/ledger.service.ts';
import { pgArray } from '../../db/pg-array.ts';
import { houseShard, userAccount } from '../ledger/account-codes.ts';
import { assetOf } from '../practice/practice.service.ts';
import { requestHash } from '../idempotency/idempotency.service.ts';
import { findProductTerms, priceAt, type ProductRow } from '../market/market.repository.ts';
import { marketStatus } from '../market/market-status.ts';
import { products } from '../market/market.table.ts';
import { contractOrders } from './orders.table.ts';
import { toOrder, type OrderRow } from './order-view.ts';
import { submitOrder } from './order-placement.ts';
import { recordSettlements } from '../copy/copy-fanout.ts';

export type PlaceOrderInput = {
  userId: number;
  body: Required<Omit<PlaceOrderBody, 'seconds' | 'mode'>> & { seconds: number; mode?: OrderMode | undefined };
  now: number;
  simulated: boolean;
};

type Terms = NonNullable<NonNullable<Awaited<ReturnType<typeof findProductTerms>>>['terms']>;
/** What an order needs of its product and of its period's terms. */
export type OrderTerms = {
  product: Pick<ProductRow, 'id' | 'symbol' | 'name' | 'precision' | 'session' | 'forbidden'>;
  terms: Pick<Terms, 'seconds' | 'payoutBp' | 'lossBp' | 'feeBp' | 'minStake' | 'maxStake' | 'maxOpenStake'>;
};
/** A product looked up for an order, with its terms for the period asked (null: not offered), or none. */
export type FoundTerms = { product: OrderTerms['product']; terms: OrderTerms['terms'] | null } | null;

/**
 * The checks every order passes before it opens, a user's own or a copy the server places for a follower:
 * the product exists and trades now and at the settlement second, the period is offered, the stake is
 * within the terms. Throws the refusal's AppError.
 */
export function checkOrderTerms(found: FoundTerms, stake: bigint, now: number): OrderTerms {
  if (!found) throw new AppError('product_not_found', { field: 'symbol' });
  const { product, terms } = found;
  const status = marketStatus(product, now);
  if (status === 'forbidden') throw new AppError('trading_forbidden');
  if (status !== 'trading') throw new AppError('non_trading_time');
  if (!terms) throw new AppError('invalid_request', { field: 'seconds' });
  if (stake < terms.minStake)
    throw new AppError('amount_min', { field: 'amount', params: { min: formatMoney(terms.minStake) } });
  if (stake > terms.maxStake)
    throw new AppError('amount_max', { field: 'amount', params: { max: formatMoney(terms.maxStake) } });
  // The order must settle while the market is open, on a price that will be recorded.
  if (marketStatus(product, now + terms.seconds) !== 'trading') throw new AppError('non_trading_time');
  return { product, terms };
}

export type OpenOrder = OrderTerms & {
  userId: number;
  stake: bigint;
  direction: 'up' | 'down';
  mode: OrderMode;
  /** The recorded second and price the order opens at. */
  tick: { ts: number; price: bigint };
};

/**
 * The one way an order opens: its row with the terms copied in, and its journal (stake to frozen, fee to the
 * house) in the caller's transaction. Used for one order by placeOrder and for a batch of follower copies by
 * the copy job. The caller has checked the terms and holds each user's order lock.
 */
export async function insertOpenOrders(tx: Tx, opens: OpenOrder[], ids?: number[]): Promise<OrderRow[]> {
  if (opens.length === 0) return [];
  const orderIds = ids ?? (await allocateOrderIds(tx, opens.length));
  const rows: OrderRow[] = opens.map((o, i) => ({
    id: orderIds[i]!,
    userId: o.userId,
    productId: o.product.id,
    direction: o.direction,
    stake: o.stake,
    fee: quoteOrder(o.stake, o.terms).fee,
    seconds: o.terms.seconds,
    payoutBp: o.terms.payoutBp,
    lossBp: o.terms.lossBp,
    feeBp: o.terms.feeBp,
    openTime: o.tick.ts,
    openPrice: o.tick.price,
    settleTime: o.tick.ts + o.terms.seconds,
    settleTickTime: null,
    settlePrice: null,
    status: 'open',
    mode: o.mode,
    result: null,
    payout: null,
    createdAt: new Date(),
    settledAt: null,
  }));
  const col = <T extends string | number | bigint>(f: (o: OrderRow) => T) => pgArray(rows.map(f));
  // One parameter per column whatever the batch (a leader's order opens hundreds of copies at once); the rows
  // are written as built here, so they need no reading back.
  const inserted = await tx.execute<{ created_at: string }>(sql`
    INSERT INTO contract_orders (id, user_id, product_id, direction, stake, fee, seconds, payout_bp, loss_bp, fee_bp,
                                 open_time, open_price, settle_time, mode)
    SELECT * FROM unnest(${col((r) => r.id)}::bigint[], ${col((r) => r.userId)}::bigint[], ${col((r) => r.productId)}::int[],
      ${col((r) => r.direction)}::text[], ${col((r) => r.stake)}::bigint[], ${col((r) => r.fee)}::bigint[],
      ${col((r) => r.seconds)}::int[], ${col((r) => r.payoutBp)}::int[], ${col((r) => r.lossBp)}::int[],
      ${col((r) => r.feeBp)}::int[], ${col((r) => r.openTime)}::bigint[], ${col((r) => r.openPrice)}::bigint[],
      ${col((r) => r.settleTime)}::bigint[], ${col((r) => r.mode)}::text[])
    RETURNING created_at`);
  await postJournals(
    tx,
    rows.map((row) => {
      const asset = assetOf(row.mode as OrderMode);
      const available = userAccount(row.userId, 'available', asset);
      const transfers = [{ from: available, to: userAccount(row.userId, 'frozen', asset), amount: row.stake }];
      if (row.fee > 0n) transfers.push({ from: available, to: houseShard('fees', row.userId, asset), amount: row.fee });
      return { reference: `order:${row.id}:open`, kind: 'order_open', transfers, memo: { order: row.id } };
    }),
  );
  inserted.rows.forEach((r, i) => (rows[i]!.createdAt = new Date(r.created_at)));
  return rows;
}

/** The next order id; taken ahead of the insert, so an order's journal is written in the same breath as its row. */
export const nextOrderId = sql`nextval(pg_get_serial_sequence('contract_orders', 'id'))`;

async function allocateOrderIds(tx: Tx, n: number): Promise<number[]> {
  const result = await tx.execute<{ id: bigint }>(sql`SELECT ${nextOrderId} AS id FROM generate_series(1, ${n})`);
  return result.rows.map((r) => Number(r.id));
}

/** Takes the per-user order lock (one order at a time per user) for every user, in id order. */
export async function lockOrderUsers(tx: Tx, userIds: number[]): Promise<void> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(727200, id::int) FROM unnest(${`{${ids.join(',')}}`}::bigint[]) AS id ORDER BY id`,
  );
}

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
    await recordSettlements(
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
