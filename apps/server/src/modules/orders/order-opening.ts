import { sql } from 'drizzle-orm';
import { formatMoney, formatPrice, quoteOrder, type OrderMode } from '@app/contracts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { checkSession } from '../../platform/http/authenticate.ts';
import { pgArray } from '../../platform/db/pg-array.ts';
import { postJournals, houseShard, userAccount } from '../ledger/index.ts';
import { assetOf } from '../practice/index.ts';
import { liveSessions, sessionOf, touchSessions, type LiveSessionRow } from '../auth/index.ts';
import { type findProductTerms, type ProductRow, marketStatus } from '../market/index.ts';
import { usageOpened } from '../limits/index.ts';
import { ordersPlacedInsert, type PseudonymKey } from '../transparency/index.ts';
import type { OrderRow } from './order-view.ts';
import { XACT_LOCKS } from '../../platform/db/advisory-locks.ts';

// How an order opens, whoever places it: a user (order-placement.ts) or the copy job for a follower.

type Terms = NonNullable<NonNullable<Awaited<ReturnType<typeof findProductTerms>>>['terms']>;
/** What an order needs of its product and of its period's terms. */
export type OrderTerms = {
  product: Pick<
    ProductRow,
    | 'id'
    | 'symbol'
    | 'name'
    | 'precision'
    | 'session'
    | 'forbidden'
    | 'simulated'
    | 'maxPriceAgeSeconds'
    | 'source'
    | 'referenceSource'
    | 'referenceToleranceBp'
    | 'referenceMaxAgeSeconds'
  >;
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
  /**
   * The recorded second and price the order opens at, and the source's trade id behind it. A copy leaves the id
   * out: it opens on its leader's second, which the leader's order put in the transparency log.
   */
  tick: { ts: number; price: bigint; tradeId?: number | null };
};

/**
 * The one way an order opens: its row with the terms copied in, its journal (stake to frozen, fee to the
 * house) and its entry in the transparency log, in the caller's transaction. Used for a batch of orders by
 * placeOrder and for a batch of follower copies by the copy job. The caller has checked the terms and holds each
 * user's order lock.
 */
export async function insertOpenOrders(
  tx: Tx,
  opens: OpenOrder[],
  pseudonyms: PseudonymKey,
  ids?: number[],
): Promise<OrderRow[]> {
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
    // Real orders only: a practice order moves no money a second source could be asked to protect.
    refSource: o.mode === 'real' && o.product.referenceToleranceBp !== null ? o.product.referenceSource : null,
    refToleranceBp: o.mode === 'real' && o.product.referenceSource !== null ? o.product.referenceToleranceBp : null,
    refMaxAgeSeconds: o.mode === 'real' && o.product.referenceSource !== null ? o.product.referenceMaxAgeSeconds : null,
    createdAt: new Date(),
    settledAt: null,
  }));
  // Practice orders move virtual money only and stay out of the public log.
  const real = opens.map((o, i) => ({ o, row: rows[i]! })).filter(({ row }) => row.mode === 'real');
  const logged = ordersPlacedInsert(
    pseudonyms,
    real.map(({ o, row }) => ({
      orderId: row.id,
      userId: row.userId,
      symbol: o.product.symbol,
      direction: row.direction,
      stake: row.stake,
      fee: row.fee,
      seconds: row.seconds,
      payoutBp: row.payoutBp,
      lossBp: row.lossBp,
      feeBp: row.feeBp,
      openSecond: row.openTime,
      openPrice: formatPrice(row.openPrice, o.product.precision),
      reference:
        row.refSource === null || row.refToleranceBp === null
          ? null
          : { source: row.refSource, toleranceBp: row.refToleranceBp, maxAgeSeconds: row.refMaxAgeSeconds! },
    })),
    real.flatMap(({ o, row }) =>
      o.tick.tradeId === undefined
        ? []
        : [
            {
              symbol: o.product.symbol,
              second: row.openTime,
              price: formatPrice(row.openPrice, o.product.precision),
              source: o.product.source,
              tradeId: o.tick.tradeId,
            },
          ],
    ),
  );
  const col = <T extends string | number | bigint>(f: (o: OrderRow) => T) => pgArray(rows.map(f));
  // One parameter per column whatever the batch (a leader's order opens hundreds of copies at once); the rows
  // are written as built here, so they need no reading back. The stakes join their open-stake rows in the same
  // statement, the rows taken in key order, as settlement takes them, so the two never wait on each other in a
  // cycle; both before the ledger's accounts (postJournals), as settlement also takes them. Their log entries are
  // queued by the same statement: the log adds no round trip to a batch.
  const inserted = await tx.execute<{ created_at: string }>(sql`
    WITH opened AS (
      INSERT INTO contract_orders (id, user_id, product_id, direction, stake, fee, seconds, payout_bp, loss_bp, fee_bp,
                                   open_time, open_price, settle_time, mode, ref_source, ref_tolerance_bp,
                                   ref_max_age_seconds)
      SELECT * FROM unnest(${col((r) => r.id)}::bigint[], ${col((r) => r.userId)}::bigint[], ${col((r) => r.productId)}::int[],
        ${col((r) => r.direction)}::text[], ${col((r) => r.stake)}::bigint[], ${col((r) => r.fee)}::bigint[],
        ${col((r) => r.seconds)}::int[], ${col((r) => r.payoutBp)}::int[], ${col((r) => r.lossBp)}::int[],
        ${col((r) => r.feeBp)}::int[], ${col((r) => r.openTime)}::bigint[], ${col((r) => r.openPrice)}::bigint[],
        ${col((r) => r.settleTime)}::bigint[], ${col((r) => r.mode)}::text[], ${pgArray(rows.map((r) => r.refSource))}::text[],
        ${pgArray(rows.map((r) => r.refToleranceBp))}::int[], ${pgArray(rows.map((r) => r.refMaxAgeSeconds))}::int[])
      RETURNING created_at),
    stakes AS (
      INSERT INTO open_stakes (user_id, product_id, mode, stake, orders)
      SELECT user_id, product_id, mode, sum(stake), count(*)
      FROM unnest(${col((r) => r.userId)}::bigint[], ${col((r) => r.productId)}::int[], ${col((r) => r.mode)}::text[],
                  ${col((r) => r.stake)}::bigint[]) AS v(user_id, product_id, mode, stake)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (user_id, product_id, mode) DO UPDATE SET stake = open_stakes.stake + excluded.stake,
                                                           orders = open_stakes.orders + excluded.orders
      RETURNING 1),
    -- The users' limit usage after their open-stake rows (it reads them), as settlement takes the two.
    usage AS (${usageOpened(rows, sql`(SELECT count(*) FROM stakes) >= 0`)}),
    logged AS (${logged})
    SELECT created_at FROM opened`);
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
    sql`SELECT pg_advisory_xact_lock(${XACT_LOCKS.userOrders}, id::int) FROM unnest(${`{${ids.join(',')}}`}::bigint[]) AS id ORDER BY id`,
  );
}

/**
 * lockOrderUsers for orders that name their user or their request's session (a token's hash): the sessions are
 * read in the statement that takes the locks, so checking them costs no round trip. Each order gets its user, or
 * the refusal the session check of any other signed-in request gives (session_expired, account_locked).
 */
export async function lockPlacers(
  tx: Tx,
  placers: Array<{ userId: number } | { tokenHash: string }>,
): Promise<Array<number | AppError>> {
  const hashes = [...new Set(placers.flatMap((p) => ('tokenHash' in p ? [p.tokenHash] : [])))];
  const given = placers.flatMap((p) => ('userId' in p ? [p.userId] : []));
  if (hashes.length === 0) {
    await lockOrderUsers(tx, given);
    return given;
  }
  const result = await tx.execute<{ found: LiveSessionRow[] }>(sql`
    WITH found AS MATERIALIZED (${liveSessions(hashes)}),
         held AS (SELECT pg_advisory_xact_lock(${XACT_LOCKS.userOrders}, id::int)
                  FROM (SELECT user_id AS id FROM found UNION SELECT unnest(${pgArray(given)}::bigint[])) AS u
                  ORDER BY id)
    SELECT (SELECT count(*) FROM held) AS held, coalesce((SELECT json_agg(found) FROM found), '[]') AS found`);
  const rows = result.rows[0]!.found;
  await touchSessions(tx, rows);
  const byHash = new Map(rows.map((r) => [r.token_hash, sessionOf(r)]));
  return placers.map((p) => {
    if ('userId' in p) return p.userId;
    const session = checkSession(byHash.get(p.tokenHash) ?? null);
    return session instanceof AppError ? session : session.userId;
  });
}
