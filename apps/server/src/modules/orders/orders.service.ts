import { afterCursor, nextCursor, offsetOf, type PageInput } from '../../platform/db/keyset.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  formatMoney,
  formatPrice,
  parseMoney,
  quoteOrder,
  settleResult,
  settlementReturn,
  type Order,
  type OrderDetail,
  type OrderMode,
  type OrderProof,
  type placeOrderBodySchema,
} from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.ts';
import { pgArray } from '../../platform/db/pg-array.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { HOUSE_SHARDS, journalsByReference, postJournals, houseShard, userAccount } from '../ledger/index.ts';
import { assetOf } from '../practice/index.ts';
import { requestHash } from '../../platform/idempotency/idempotency.service.ts';
import { findProductById, productsById } from '../market/index.ts';
import { contractOrders } from './orders.table.ts';
import { toOrder, type OrderRow } from './order-view.ts';
import { submitOrder } from './order-placement.ts';
import { orderHooks } from './order-hooks.ts';
import { countUpToCap } from '../../platform/db/capped-count.ts';
import { hashToken } from '../auth/index.ts';
import { usageSettled } from '../limits/index.ts';
import { queuePushes } from '../push/index.ts';
import { ordersSettledInsert, orderLogEntries, orderLogIndexes } from '../transparency/index.ts';

/** The addorder body as its schema parses it; callers inside the server may leave `mode` out (real). */
type PlaceOrderFields = z.output<typeof placeOrderBodySchema>;

/**
 * Orders one settlement transaction takes. Batches queue on the house's trading shards (every batch touches all of
 * them), so a bigger batch settles more per wait; measured with bench:settle (100,000 orders due within a
 * minute), see docs/benchmarks.md.
 */
export const SETTLE_BATCH = 1_000;

export type PlaceOrderInput = {
  /** The user, or a request's session token (checked in the transaction that places the order). */
  who: { userId: number } | { token: string };
  body: Omit<PlaceOrderFields, 'mode'> & Partial<Pick<PlaceOrderFields, 'mode'>>;
  now: number;
};

/**
 * Opens a contract. Terms and the open price are the server's own: the terms row for the product and
 * period, and the recorded price of the latest second. Stake and fee leave the available balance in
 * one journal written with the order. The idempotency key makes a retried request return the first
 * answer instead of opening a second order. A real order of a user who leads joins their public record
 * and fans out to their followers in the same transaction.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<{ order: Order; replayed: boolean }> {
  const { body, who, now } = input;
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
    who: 'token' in who ? { tokenHash: hashToken(who.token) } : who,
    key: body.key,
    hash,
    symbol: body.symbol,
    seconds: body.seconds,
    stake,
    direction: body.direction,
    mode,
    now,
  });
}

/**
 * The share of due orders one settlement worker takes: those of users whose house shard (user id modulo
 * HOUSE_SHARDS) falls in part `index` of `of`. Every batch locks the house trading shards of its users, so workers
 * of different parts never wait on each other's batch, where workers sharing all orders queued on the shards.
 */
export type SettlePart = { of: number; index: number };

/** What settling an order reads of it. */
type DueOrder = Pick<
  OrderRow,
  | 'id'
  | 'userId'
  | 'productId'
  | 'direction'
  | 'stake'
  | 'payoutBp'
  | 'lossBp'
  | 'feeBp'
  | 'openPrice'
  | 'settleTime'
  | 'openTime'
  | 'mode'
  | 'fee'
  | 'refToleranceBp'
>;

/** A second-source price as settlement checks it: the last trade at or before the second within the rule's age. */
type ReferenceSeen = { price: bigint; ts: number; tradeId: string | null } | null;

/**
 * How long after an order's settle second settlement waits for the second source to be heard through it; after
 * that, a second it did not hear is missing (the order is void), so a silent source cannot hold money.
 */
export const REFERENCE_WAIT_SECONDS = 30;

/**
 * The published second-source rule: void when either second has no second-source price, or when the two prices
 * differ by more than the tolerance (|reference - recorded| * 10000 > tolerance_bp * recorded, in whole price
 * units, no rounding).
 */
export function referenceVerdict(
  toleranceBp: number,
  seconds: Array<{ recorded: bigint; reference: ReferenceSeen }>,
): 'agree' | 'disagree' | 'missing' {
  if (seconds.some((s) => s.reference === null)) return 'missing';
  for (const { recorded, reference } of seconds) {
    const gap = reference!.price > recorded ? reference!.price - recorded : recorded - reference!.price;
    if (gap * 10_000n > BigInt(toleranceBp) * recorded) return 'disagree';
  }
  return 'agree';
}

/**
 * Settles orders whose settlement second the feed has recorded (settle_time <= watermark, and <= the product's own
 * recorded-through second), at the price in effect at that second. SKIP LOCKED lets every node run this at once
 * without settling an order twice; the journal reference `order:<id>:settle` is a second guard. A whole batch is
 * read with its prices in one statement, and posted and written in a few more.
 */
export async function settleDueOrders(
  db: Db,
  watermark: number,
  limit = SETTLE_BATCH,
  part: SettlePart = { of: 1, index: 0 },
): Promise<number> {
  return db.transaction(async (tx) => {
    // The price in effect at each order's second comes with it (the index on (product, ts) answers each look-up).
    const picked = await tx.execute<{
      id: string;
      user_id: string;
      product_id: number;
      direction: string;
      stake: string;
      payout_bp: number;
      loss_bp: number;
      fee_bp: number;
      open_price: string;
      settle_time: string;
      open_time: string;
      mode: string;
      tick_ts: string | null;
      tick_price: string | null;
      tick_trade_id: string | null;
      fee: string;
      ref_source: string | null;
      ref_tolerance_bp: number | null;
      ref_max_age_seconds: number | null;
      ro_ts: string | null;
      ro_price: string | null;
      ro_trade_id: string | null;
      rs_ts: string | null;
      rs_price: string | null;
      rs_trade_id: string | null;
      symbol: string;
      precision: number;
      source: string;
    }>(sql`
      WITH due AS (
        SELECT o.id, o.user_id, o.product_id, o.direction, o.stake, o.payout_bp, o.loss_bp, o.fee_bp, o.open_price,
               o.settle_time, o.open_time, o.mode, o.fee, o.ref_source, o.ref_tolerance_bp, o.ref_max_age_seconds
        FROM contract_orders o
        LEFT JOIN feed_progress f ON f.product_id = o.product_id
        WHERE o.status = 'open' AND o.settle_time <= ${watermark}
          -- A product whose source fell behind (disconnected, backfilling) settles once its second is recorded.
          AND o.settle_time <= coalesce(f.recorded_through, ${watermark})
          -- Under the second-source rule, once the second source is heard through the settle second, or it has
          -- had its time (what it did not hear by then is missing).
          AND (o.ref_tolerance_bp IS NULL OR o.settle_time <= coalesce(f.reference_through, -1)
               OR o.settle_time + ${REFERENCE_WAIT_SECONDS} <= ${watermark})
          AND (o.user_id % ${HOUSE_SHARDS}) % ${part.of} = ${part.index}
        ORDER BY o.settle_time LIMIT ${limit}
        FOR UPDATE OF o SKIP LOCKED)
      SELECT due.*, p.ts AS tick_ts, p.price AS tick_price, p.trade_id AS tick_trade_id, pr.symbol, pr.precision,
             pr.source, ro.ts AS ro_ts, ro.price AS ro_price, ro.trade_id AS ro_trade_id, rs.ts AS rs_ts,
             rs.price AS rs_price, rs.trade_id AS rs_trade_id
      FROM due
      JOIN products pr ON pr.id = due.product_id
      LEFT JOIN LATERAL (SELECT t.ts, t.price, t.trade_id FROM price_ticks t WHERE t.product_id = due.product_id
                         AND t.ts <= due.settle_time ORDER BY t.ts DESC LIMIT 1) AS p ON true
      LEFT JOIN LATERAL (SELECT r.ts, r.price, r.trade_id FROM reference_ticks r
                         WHERE due.ref_tolerance_bp IS NOT NULL AND r.product_id = due.product_id
                           AND r.ts BETWEEN due.open_time - due.ref_max_age_seconds AND due.open_time
                         ORDER BY r.ts DESC LIMIT 1) AS ro ON true
      LEFT JOIN LATERAL (SELECT r.ts, r.price, r.trade_id FROM reference_ticks r
                         WHERE due.ref_tolerance_bp IS NOT NULL AND r.product_id = due.product_id
                           AND r.ts BETWEEN due.settle_time - due.ref_max_age_seconds AND due.settle_time
                         ORDER BY r.ts DESC LIMIT 1) AS rs ON true`);
    if (picked.rows.length === 0) return 0;
    const due: DueOrder[] = picked.rows.map((r) => ({
      id: Number(r.id),
      userId: Number(r.user_id),
      productId: r.product_id,
      direction: r.direction,
      stake: BigInt(r.stake),
      payoutBp: r.payout_bp,
      lossBp: r.loss_bp,
      feeBp: r.fee_bp,
      openPrice: BigInt(r.open_price),
      settleTime: Number(r.settle_time),
      openTime: Number(r.open_time),
      mode: r.mode,
      fee: BigInt(r.fee),
      refToleranceBp: r.ref_tolerance_bp,
    }));
    const seen = (ts: string | null, price: string | null, tradeId: string | null): ReferenceSeen =>
      ts === null ? null : { ts: Number(ts), price: BigInt(price!), tradeId };
    const references = picked.rows.map((r) => ({
      open: seen(r.ro_ts, r.ro_price, r.ro_trade_id),
      settle: seen(r.rs_ts, r.rs_price, r.rs_trade_id),
    }));
    const settled = due.map((order, i) => {
      const { tick_ts: ts, tick_price: price } = picked.rows[i]!;
      return settlementOf(order, ts === null ? null : { ts: Number(ts), price: BigInt(price!) }, references[i]!);
    });
    // Open-stake rows before the ledger's accounts, the order placement takes them in: the other way round, a
    // settlement and a placement for the same user could each hold what the other waits for.
    await subtractOpenStakes(
      tx,
      due,
      settled.map((s) => s.payout),
    );
    const journals = await postJournals(
      tx,
      settled.map((s) => s.journal),
    );
    // Real money only, as at placement; the settling price second is logged with the order.
    const real = settled.flatMap((s, i) => (due[i]!.mode === 'real' ? [{ s, i, row: picked.rows[i]! }] : []));
    const checked = real.filter(({ row }) => row.ref_tolerance_bp !== null);
    const referenceFact = (row: (typeof real)[number]['row'], second: number, r: ReferenceSeen) => ({
      symbol: row.symbol,
      second,
      source: row.ref_source!,
      price: r === null ? null : formatPrice(r.price, row.precision),
      tradeSecond: r?.ts ?? null,
      tradeId: r?.tradeId ?? null,
    });
    const logged = ordersSettledInsert(
      real
        .filter(({ s }) => s.result !== 'void')
        .map(({ s, i, row }) => ({
          orderId: s.id,
          settleSecond: due[i]!.settleTime,
          priceSecond: s.tick,
          settlePrice: formatPrice(s.price, row.precision),
          result: s.result as 'win' | 'loss' | 'draw',
          payout: s.payout,
          journalId: journals[i]!.journalId,
        })),
      real.map(({ s, row }) => ({
        symbol: row.symbol,
        second: s.tick,
        price: formatPrice(s.price, row.precision),
        source: row.source,
        tradeId: row.tick_trade_id === null ? null : Number(row.tick_trade_id),
      })),
      real
        .filter(({ s }) => s.result === 'void')
        .map(({ s, i, row }) => ({
          orderId: s.id,
          settleSecond: due[i]!.settleTime,
          priceSecond: s.tick,
          settlePrice: formatPrice(s.price, row.precision),
          reason: s.voidReason!,
          refund: s.payout,
          journalId: journals[i]!.journalId,
        })),
      checked.flatMap(({ i, row }) => [
        referenceFact(row, due[i]!.openTime, references[i]!.open),
        referenceFact(row, due[i]!.settleTime, references[i]!.settle),
      ]),
    );
    // settled_at is the statement's clock, not the transaction's start: the lag it shows includes the batch's work.
    // The log's entries are queued by the same statement: no round trip of their own.
    await tx.execute(sql`
      WITH logged AS (${logged})
      UPDATE contract_orders o SET status = 'settled', result = v.result, payout = v.payout, settle_price = v.price,
        settle_tick_time = v.tick, settled_at = clock_timestamp()
      FROM unnest(${pgArray(settled.map((s) => s.id))}::bigint[], ${pgArray(settled.map((s) => s.result))}::text[],
                  ${pgArray(settled.map((s) => s.payout))}::bigint[], ${pgArray(settled.map((s) => s.price))}::bigint[],
                  ${pgArray(settled.map((s) => s.tick))}::bigint[]) AS v(id, result, payout, price, tick)
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
    // A real order's result reaches the user's devices; practice results stay on the page.
    await queuePushes(
      tx,
      settled.flatMap((s, i) => {
        const order = due[i]!;
        if (order.mode !== 'real') return [];
        return [
          {
            userId: order.userId,
            kind: 'order_result' as const,
            message: {
              title: `push_order_${s.result}`,
              body: 'push_order_body',
              params: {
                symbol: picked.rows[i]!.symbol,
                direction: order.direction,
                seconds: order.settleTime - order.openTime,
                stake: formatMoney(order.stake),
                payout: formatMoney(s.payout),
              },
            },
            link: '#/pages/user/order',
            tag: `order:${s.id}`,
          },
        ];
      }),
    );
    return due.length;
  });
}

/**
 * Takes settled orders' stakes off their open-stake rows and adds their payouts to their users' limit usage, locking the rows in key order first (as opening adds to
 * them in key order), so a settlement and a placement never wait on each other in a cycle.
 */
async function subtractOpenStakes(tx: Tx, orders: DueOrder[], payouts: bigint[]) {
  const users = pgArray(orders.map((o) => o.userId));
  const products = pgArray(orders.map((o) => o.productId));
  const modes = pgArray(orders.map((o) => o.mode));
  const stakes = pgArray(orders.map((o) => o.stake));
  await tx.execute(sql`
    WITH settled AS (
      SELECT user_id, product_id, mode, sum(stake) AS stake, count(*) AS orders
      FROM unnest(${users}::bigint[], ${products}::int[], ${modes}::text[], ${stakes}::bigint[])
           AS v(user_id, product_id, mode, stake)
      GROUP BY 1, 2, 3),
    locked AS (
      SELECT s.user_id, s.product_id, s.mode FROM open_stakes s JOIN settled USING (user_id, product_id, mode)
      ORDER BY 1, 2, 3 FOR UPDATE OF s),
    subtracted AS (
      UPDATE open_stakes s SET stake = s.stake - settled.stake, orders = s.orders - settled.orders
      FROM settled JOIN locked USING (user_id, product_id, mode)
      WHERE s.user_id = settled.user_id AND s.product_id = settled.product_id AND s.mode = settled.mode
      RETURNING 1),
    -- What came back counts against the net loss of the day each order opened (users with limits only), after
    -- the open-stake rows, as placement takes the two.
    usage AS (${usageSettled(
      orders.map((o, i) => ({ ...o, payout: payouts[i]! })),
      sql`(SELECT count(*) FROM subtracted) >= 0`,
    )})
    SELECT 1`);
}

/**
 * How far each open-stake row is from the sum of its open orders' stakes, or from their number: the rows that differ
 * (none, always).
 */
export async function openStakeDrift(db: DbOrTx) {
  const drift = await db.execute<{ user_id: string; product_id: number; mode: string; kept: string; open: string }>(sql`
    SELECT coalesce(s.user_id, o.user_id) AS user_id, coalesce(s.product_id, o.product_id) AS product_id,
           coalesce(s.mode, o.mode) AS mode, coalesce(s.stake, 0)::text AS kept, coalesce(o.stake, 0)::text AS open,
           coalesce(s.orders, 0) AS kept_orders, coalesce(o.orders, 0) AS open_orders
    FROM open_stakes s
    FULL JOIN (SELECT user_id, product_id, mode, sum(stake) AS stake, count(*) AS orders FROM contract_orders
               WHERE status = 'open' GROUP BY 1, 2, 3) o USING (user_id, product_id, mode)
    WHERE coalesce(s.stake, 0) <> coalesce(o.stake, 0) OR coalesce(s.orders, 0) <> coalesce(o.orders, 0)`);
  return drift.rows;
}

function settlementOf(
  order: DueOrder,
  tick: { ts: number; price: bigint } | null,
  reference: { open: ReferenceSeen; settle: ReferenceSeen },
) {
  if (!tick) throw new Error(`no recorded price for order ${order.id} at ${order.settleTime}`);
  const asset = assetOf(order.mode as OrderMode);
  const frozen = userAccount(order.userId, 'frozen', asset);
  const available = userAccount(order.userId, 'available', asset);
  const verdict =
    order.refToleranceBp === null
      ? 'agree'
      : referenceVerdict(order.refToleranceBp, [
          { recorded: order.openPrice, reference: reference.open },
          { recorded: tick.price, reference: reference.settle },
        ]);
  if (verdict !== 'agree') {
    // Void: the stake leaves the frozen bucket and the fee comes back from the house's fees, both to available.
    const transfers = [{ from: frozen, to: available, amount: order.stake }];
    if (order.fee > 0n)
      transfers.push({ from: houseShard('fees', order.userId, asset), to: available, amount: order.fee });
    return {
      id: order.id,
      result: 'void' as const,
      voidReason: verdict,
      payout: order.stake + order.fee,
      price: tick.price,
      tick: tick.ts,
      journal: {
        reference: `order:${order.id}:settle`,
        kind: 'order_void',
        transfers,
        memo: { order: order.id, result: 'void', reason: verdict },
      },
    };
  }
  const result = settleResult(order.direction as 'up' | 'down', order.openPrice, tick.price);
  const quote = quoteOrder(order.stake, { payoutBp: order.payoutBp, lossBp: order.lossBp, feeBp: order.feeBp });
  const payout = settlementReturn(quote, result);
  const house = houseShard('trading', order.userId, asset);
  // The stake leaves the frozen bucket; what comes back goes to available; the house takes a loss or pays a win.
  const transfers = [];
  if (payout > 0n) transfers.push({ from: frozen, to: available, amount: payout > order.stake ? order.stake : payout });
  if (payout > order.stake) transfers.push({ from: house, to: available, amount: payout - order.stake });
  if (payout < order.stake) transfers.push({ from: frozen, to: house, amount: order.stake - payout });
  return {
    id: order.id,
    result: result as 'win' | 'loss' | 'draw' | 'void',
    voidReason: null as 'disagree' | 'missing' | null,
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

export async function getOrder(db: DbOrTx, userId: number, id: number): Promise<Order> {
  const [row] = await db
    .select()
    .from(contractOrders)
    .where(and(eq(contractOrders.id, id), eq(contractOrders.userId, userId)));
  // Someone else's order reads exactly like a missing one.
  if (!row) throw new AppError('no_data');
  const product = await findProductById(db, row.productId);
  return toOrder(row, product!);
}

/** getOrder with the order's places in the transparency log (null until sequenced; practice orders: never). */
export async function getOrderDetail(db: DbOrTx, userId: number, id: number): Promise<OrderDetail> {
  const order = await getOrder(db, userId, id);
  return { ...order, log_index: await orderLogIndexes(db, id) };
}

/**
 * What "Verify this order" checks: the order's log entries (with their bytes, queued ones too) and the journals
 * that moved its money. The owner's only, like the order (someone else's reads as missing).
 */
export async function getOrderProof(db: DbOrTx, userId: number, id: number): Promise<OrderProof> {
  await getOrder(db, userId, id);
  const [entries, journals] = await Promise.all([
    orderLogEntries(db, id),
    journalsByReference(db, [`order:${id}:open`, `order:${id}:settle`]),
  ]);
  return { order_id: id, entries, journals };
}

export async function listOrders(
  db: DbOrTx,
  input: {
    userId: number;
    status?: 'open' | 'settled' | undefined;
    mode?: OrderMode | undefined;
  } & PageInput,
) {
  const filter = and(
    eq(contractOrders.userId, input.userId),
    eq(contractOrders.mode, input.mode ?? 'real'),
    input.status ? eq(contractOrders.status, input.status) : undefined,
  );
  const rows = await db
    .select()
    .from(contractOrders)
    .where(and(filter, afterCursor(contractOrders.id, input)))
    .orderBy(desc(contractOrders.id))
    .limit(input.size)
    .offset(offsetOf(input));
  const counted = await countUpToCap(db, contractOrders, filter);
  const byId = await productsById(
    db,
    rows.map((r) => r.productId),
  );
  return {
    items: rows.map((r) => toOrder(r, byId.get(r.productId)!)),
    ...counted,
    page: input.page,
    next: nextCursor(rows, input.size),
  };
}
