import { sql } from 'drizzle-orm';
import { formatMoney, quoteOrder, type Order, type OrderMode } from '@app/contracts';
import type { Db, Tx } from '../../platform/db/client.ts';
import { pgArray } from '../../platform/db/pg-array.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { balanceSql, userAccount } from '../ledger/index.ts';
import { assetOf, openPractice } from '../practice/index.ts';
import { isDelayed, isLive } from '../market/index.ts';
import { GroupCommit, type Outcome } from '../../platform/db/group-commit.ts';
import { pseudonymKeyOf } from '../transparency/index.ts';
import {
  addOrder,
  exclusionRefusal,
  limitColumns,
  limitJoin,
  limitsOfRow,
  orderRefusal,
  type DayUsage,
  type LimitColumns,
} from '../limits/index.ts';
import { toOrder } from './order-view.ts';
import { orderHooks } from './order-hooks.ts';
import {
  checkOrderTerms,
  insertOpenOrders,
  lockPlacers,
  nextOrderId,
  type FoundTerms,
  type OrderTerms,
} from './order-opening.ts';

/**
 * Who places an order: a user, or a request's session, which the batch checks in the statement that takes its
 * users' locks (so the order is placed only on a session live in its transaction, and the request made no
 * round trip of its own to look it up).
 */
export type Placer = { userId: number } | { tokenHash: string };

/** An order request that passed the checks needing no database state, ready to be placed. */
export type PreparedOrder = {
  who: Placer;
  symbol: string;
  seconds: number;
  key: string;
  hash: string;
  stake: bigint;
  direction: 'up' | 'down';
  mode: OrderMode;
  now: number;
};
export type Placed = { order: Order; replayed: boolean };

const SCOPE = 'order.place';
/** Enough to fill a batch under heavy load; a batch's statements stay a handful whatever its size. */
const MAX_BATCH = 64;
/**
 * One batch at a time per node: two batches almost always share a house fee shard and so wait on its row lock
 * until the other commits; measured with bench:orders, 1 in flight placed the most (685 orders/s straight into
 * the database against 642 with 2 and 495 with 4, 64 per batch). Two lanes split by the users' house shards (no
 * shared rows, so no waits) placed fewer too on this two-core machine, the database and the server competing for
 * the cores: halved batches cost more per order than the overlap saved (docs/benchmarks.md).
 */
const MAX_IN_FLIGHT = 1;
/**
 * Under load, a free slot waits up to this long for the clients of the batch just answered to come back (see
 * GroupCommit's gatherMs). Without it, 50 HTTP clients settled into two alternating batches of 25, each taking as
 * long as one of 50 would: bench:orders placed 1,325 orders/s over HTTP with 0 ms, 1,719 with 3 and 2,024 with 5
 * (direct to the database 2,025, 3,238 and 3,038), with p99 68, 51 and 49 ms.
 */
const GATHER_MS = 5;

const batchers = new WeakMap<Db, GroupCommit<PreparedOrder, Placed>>();

/**
 * Places an order through the group commit: orders arriving together share one transaction (one commit and
 * about a dozen statements for the whole batch), and each gets exactly the answer it would get alone.
 */
export function submitOrder(db: Db, order: PreparedOrder): Promise<Placed> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new GroupCommit((orders) => placeBatch(db, orders), {
      maxBatch: MAX_BATCH,
      maxInFlight: MAX_IN_FLIGHT,
      gatherMs: GATHER_MS,
    });
    batchers.set(db, batcher);
  }
  return batcher.submit(order);
}

/**
 * A batch in one transaction; if the transaction as a whole fails (a balance spent by another flow between the
 * read and the journal, a lost race), each order is placed again on its own so one cannot spoil the others.
 */
async function placeBatch(db: Db, orders: PreparedOrder[]): Promise<Outcome<Placed>[]> {
  try {
    return await placeTogether(db, orders);
  } catch (error) {
    if (orders.length === 1) return [{ ok: false, error }];
    return Promise.all(
      orders.map((o) =>
        placeTogether(db, [o]).then(
          (outcomes) => outcomes[0]!,
          (e: unknown) => failed(e),
        ),
      ),
    );
  }
}

const failed = (error: unknown): Outcome<Placed> => ({ ok: false, error });
const keyOf = (o: { userId: number; key: string }) => `${o.userId}\n${o.key}`;

/** An order whose placer is known: its user, and its place in the batch. */
type PlacedBy = Omit<PreparedOrder, 'who'> & { userId: number; index: number; tokenHash: string | null };

/**
 * The orders of a batch, with the same rules and answers as one at a time:
 * - each user's order lock first (every placement takes it before anything else, so the open-stake limit, the
 *   balance and the idempotency key hold under concurrency, and two batches never wait on each other);
 * - one read, for all of them, of the terms, the latest recorded prices, open stakes, leader records, balances
 *   and keys already used;
 * - each order decided in turn against what the ones before it took: a key used before (or earlier in the
 *   batch) gets its first answer, the same key with another body is refused, the rest are checked as alone;
 * - the orders, their journals, each leader's record and copy tasks, and the keys with their answers (a refused
 *   order spends no key: a retry is decided afresh); one commit.
 * Every statement is one round trip that waits its turn on a busy event loop, so the batch keeps them few.
 */
async function placeTogether(db: Db, orders: PreparedOrder[]): Promise<Outcome<Placed>[]> {
  let copies = 0;
  const pseudonyms = await pseudonymKeyOf(db);
  const outcomes = await db.transaction(async (tx) => {
    const decided: Array<Outcome<Placed> | { repeatOf: number }> = [];
    const users = await lockPlacers(
      tx,
      orders.map((o) => o.who),
    );
    const placeable: PlacedBy[] = [];
    orders.forEach(({ who, ...o }, index) => {
      const user = users[index]!;
      const tokenHash = 'tokenHash' in who ? who.tokenHash : null;
      if (typeof user === 'number') placeable.push({ ...o, userId: user, index, tokenHash });
      else decided[index] = failed(user);
    });
    for (const userId of new Set(placeable.filter((o) => o.mode === 'practice').map((o) => o.userId)))
      await openPractice(tx, userId);
    const states = await readStates(tx, placeable);

    // A repeat of a key first used earlier in this batch is answered with that order once it has it.
    const accepted: Array<{ index: number; order: PlacedBy; terms: OrderTerms; tick: Tick; state: OrderState }> = [];
    const answered = new Map<string, { hash: string; index: number }>();
    const openStake = new Map<string, bigint>();
    const balances = new Map<string, bigint>();
    // Each limited user's usage and open orders as the batch's earlier orders leave them.
    const limited = new Map<number, { usage: Map<number, DayUsage>; open: number | null }>();
    placeable.forEach((o, n) => {
      const { index } = o;
      const state = states[n]!;
      const refuse = (error: unknown) => (decided[index] = failed(error));
      const earlier = answered.get(keyOf(o));
      if (earlier) {
        if (earlier.hash !== o.hash) return refuse(new AppError('idempotency_conflict'));
        decided[index] = { repeatOf: earlier.index };
        return;
      }
      if (state.stored) {
        if (state.stored.hash !== o.hash) return refuse(new AppError('idempotency_conflict'));
        if (state.stored.answer === null) return refuse(new AppError('idempotency_in_progress'));
        decided[index] = { ok: true, value: { order: state.stored.answer, replayed: true } };
        return;
      }
      let terms: OrderTerms;
      try {
        terms = checkOrderTerms(state.found, o.stake, o.now);
      } catch (error) {
        return refuse(error);
      }
      // In session but no recent recorded price: prices are starting (or the feed stopped), not a closed market.
      if (!state.tick || !isLive(state.tick.ts, o.now)) return refuse(new AppError('prices_starting'));
      // Recorded, but only carried forward: the source has gone quiet for longer than the product allows.
      if (isDelayed(terms.product, state.lastTrade, o.now)) return refuse(new AppError('price_delayed'));
      const openKey = `${o.userId}:${terms.product.id}:${o.mode}`;
      const open = (openStake.get(openKey) ?? state.open) + o.stake;
      if (open > terms.terms.maxOpenStake)
        return refuse(new AppError('holding_max_amount', { params: { max: formatMoney(terms.terms.maxOpenStake) } }));
      const account = userAccount(o.userId, 'available', assetOf(o.mode));
      const left = (balances.get(account) ?? state.balance) - o.stake - quoteOrder(o.stake, terms.terms).fee;
      if (left < 0n) return refuse(new AppError('balance_insufficient'));
      const limits = state.limits;
      // The user's own limits and any time-out or self-exclusion (practice orders: only the latter).
      if (limits.state) {
        const fee = quoteOrder(o.stake, terms.terms).fee;
        const held = limited.get(o.userId) ?? { usage: limits.usage, open: limits.open };
        const refusal =
          o.mode === 'real'
            ? orderRefusal(limits.state, held.usage, held.open, { stake: o.stake, fee }, o.now, limits.sessionAge)
            : exclusionRefusal(limits.state, o.now);
        if (refusal) return refuse(refusal);
        if (o.mode === 'real') {
          addOrder(held.usage, { stake: o.stake, fee }, state.tick.ts);
          limited.set(o.userId, { usage: held.usage, open: held.open === null ? null : held.open + 1 });
        }
      }
      openStake.set(openKey, open);
      balances.set(account, left);
      answered.set(keyOf(o), { hash: o.hash, index });
      accepted.push({ index, order: o, terms, tick: state.tick, state });
    });

    const rows = await insertOpenOrders(
      tx,
      accepted.map(({ order: o, terms, tick }) => ({ ...o, ...terms, tick })),
      pseudonyms,
      accepted.map(({ state }) => state.orderId),
    );
    const answers: StoredAnswer[] = [];
    for (const [i, { index, order: o, terms, state }] of accepted.entries()) {
      const row = rows[i]!;
      const record = state.record;
      if (record !== null) {
        const queued = await orderHooks.leaderOrderOpened.emit(tx, record, {
          ...row,
          symbol: terms.product.symbol,
          precision: terms.product.precision,
        });
        copies += queued.reduce((sum, n) => sum + n, 0);
      }
      const order = toOrder(row, terms.product);
      decided[index] = { ok: true, value: { order, replayed: false } };
      answers.push({ user_id: o.userId, key: o.key, hash: o.hash, response: order });
    }
    if (answers.length) await storeAnswers(tx, answers);
    return decided;
  });
  if (copies > 0) await orderHooks.copiesCommitted.emit();
  return outcomes.map((outcome) => {
    if (!('repeatOf' in outcome)) return outcome;
    const first = outcomes[outcome.repeatOf] as Outcome<Placed>;
    return first.ok ? { ok: true, value: { order: first.value.order, replayed: true } } : first;
  });
}

type Tick = { ts: number; price: bigint; tradeId: number | null };
type OrderState = {
  /** The product the order names and its terms for the period, as findProductTerms finds them. */
  found: FoundTerms;
  tick: Tick | null;
  /** The last second with a real trade at the product's source (carried seconds are not trades). */
  lastTrade: number | null;
  open: bigint;
  record: number | null;
  balance: bigint;
  /** An id taken for the order should it open (an unused one is a gap, as a rolled-back insert leaves). */
  orderId: number;
  /** The key, if used before: its request's hash and its answer (null while that request is still running). */
  stored: { hash: string; answer: Order | null } | null;
  /** The user's own limits, their usage and counts (state null: the user set none). */
  limits: ReturnType<typeof limitsOfRow>;
};

/**
 * For each order, in one round trip: its product and terms, the latest recorded price, the user's open stake in
 * the product, the leader record, the available balance and the key if it was used before. Read under the
 * users' order locks.
 */
async function readStates(tx: Tx, orders: PlacedBy[]): Promise<OrderState[]> {
  const accounts = orders.map((o) => userAccount(o.userId, 'available', assetOf(o.mode)));
  const found = await tx.execute<
    LimitColumns & {
      product_id: number | null;
      symbol: string | null;
      name: string;
      precision: number;
      session: string;
      forbidden: boolean;
      simulated: boolean;
      source: string;
      max_price_age_seconds: number;
      reference_source: string | null;
      reference_tolerance_bp: number | null;
      reference_max_age_seconds: number;
      last_trade: bigint | null;
      seconds: number | null;
      payout_bp: number;
      loss_bp: number;
      fee_bp: number;
      min_stake: bigint;
      max_stake: bigint;
      max_open_stake: bigint;
      ts: bigint | null;
      price: bigint | null;
      trade_id: bigint | null;
      open: bigint;
      record: bigint | null;
      request_hash: string | null;
      status_code: number | null;
      response: Order | null;
      order_id: bigint;
      balance: bigint;
    }
  >(sql`
    SELECT pr.id AS product_id, pr.symbol, pr.name, pr.precision, pr.session, pr.forbidden, pr.simulated, pr.source,
           pr.max_price_age_seconds, pr.reference_source, pr.reference_tolerance_bp, pr.reference_max_age_seconds,
           fp.last_trade,
           t.seconds, t.payout_bp, t.loss_bp, t.fee_bp, t.min_stake, t.max_stake, t.max_open_stake,
           p.ts, p.price, p.trade_id, k.request_hash, k.status_code, k.response,
           ${nextOrderId} AS order_id, ${balanceSql(sql`r.account`)} AS balance,
           coalesce((SELECT s.stake FROM open_stakes s
                     WHERE s.user_id = r.user_id AND s.product_id = pr.id AND s.mode = r.mode), 0) AS open,
           (SELECT c.id FROM copy_leaders l JOIN copy_records c ON c.leader_id = l.id AND c.status = 'active'
            WHERE l.leader_user_id = r.user_id AND r.mode = 'real') AS record,
           ${limitColumns}
    FROM unnest(${pgArray(orders.map((o) => o.userId))}::bigint[], ${pgArray(orders.map((o) => o.symbol))}::text[],
                ${pgArray(orders.map((o) => o.seconds))}::int[],
                ${pgArray(orders.map((o) => o.mode))}::text[], ${pgArray(orders.map((o) => o.now))}::bigint[],
                ${pgArray(orders.map((o) => o.key))}::text[], ${pgArray(accounts)}::text[],
                ${pgArray(orders.map((o) => o.tokenHash))}::text[])
         WITH ORDINALITY AS r(user_id, symbol, seconds, mode, now, key, account, token_hash, n)
    LEFT JOIN products pr ON upper(pr.symbol) = upper(r.symbol)
    LEFT JOIN contract_terms t ON t.product_id = pr.id AND t.seconds = r.seconds AND t.enabled
    LEFT JOIN LATERAL (SELECT ts, price, trade_id FROM price_ticks WHERE product_id = pr.id AND ts <= r.now
                       ORDER BY ts DESC LIMIT 1) AS p ON true
    LEFT JOIN feed_progress fp ON fp.product_id = pr.id
    LEFT JOIN idempotency_keys k ON k.user_id = r.user_id AND k.key = r.key
    ${limitJoin}
    ORDER BY r.n`);
  return found.rows.map((s) => ({
    found:
      s.product_id === null
        ? null
        : {
            product: {
              id: s.product_id,
              symbol: s.symbol!,
              name: s.name,
              precision: s.precision,
              session: s.session,
              forbidden: s.forbidden,
              simulated: s.simulated,
              source: s.source,
              maxPriceAgeSeconds: s.max_price_age_seconds,
              referenceSource: s.reference_source,
              referenceToleranceBp: s.reference_tolerance_bp,
              referenceMaxAgeSeconds: s.reference_max_age_seconds,
            },
            terms:
              s.seconds === null
                ? null
                : {
                    seconds: s.seconds,
                    payoutBp: s.payout_bp,
                    lossBp: s.loss_bp,
                    feeBp: s.fee_bp,
                    minStake: BigInt(s.min_stake),
                    maxStake: BigInt(s.max_stake),
                    maxOpenStake: BigInt(s.max_open_stake),
                  },
          },
    tick:
      s.ts === null
        ? null
        : { ts: Number(s.ts), price: BigInt(s.price!), tradeId: s.trade_id === null ? null : Number(s.trade_id) },
    lastTrade: s.last_trade === null ? null : Number(s.last_trade),
    open: BigInt(s.open),
    record: s.record === null ? null : Number(s.record),
    balance: BigInt(s.balance),
    orderId: Number(s.order_id),
    stored:
      s.request_hash === null
        ? null
        : { hash: s.request_hash, answer: s.status_code === null ? null : (s.response as Order) },
    limits: limitsOfRow(s),
  }));
}

type StoredAnswer = { user_id: number; key: string; hash: string; response: Order };

/**
 * Every accepted order's key with its answer, in one statement. A key another flow took meanwhile (keys are
 * shared by all money-moving requests) undoes the batch; placed again alone, that order gets the key's answer.
 */
async function storeAnswers(tx: Tx, answers: StoredAnswer[]) {
  const stored = await tx.execute(sql`
    INSERT INTO idempotency_keys (user_id, key, scope, request_hash, status_code, response)
    SELECT v.user_id, v.key, ${SCOPE}, v.hash, 200, v.response
    FROM jsonb_to_recordset(${JSON.stringify(answers)}::jsonb) AS v(user_id bigint, key text, hash text, response jsonb)
    ON CONFLICT DO NOTHING`);
  if (stored.rowCount !== answers.length) throw new AppError('idempotency_in_progress');
}
