import { sql } from 'drizzle-orm';
import { formatMoney, platformDate, quoteOrder, type MessageKey } from '@app/contracts';
import type { Db, Tx } from '../../platform/db/client.ts';
import { pgArray } from '../../platform/db/pg-array.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findProductTerms } from '../market/index.ts';
import {
  addOrder,
  limitColumns,
  limitedUsersJoin,
  limitsOfRow,
  orderRefusal,
  type LimitColumns,
} from '../limits/index.ts';
import { checkOrderTerms, insertOpenOrders, lockOrderUsers, type OpenOrder, type OrderTerms } from '../orders/index.ts';
import { pseudonymKeyOf, type PseudonymKey } from '../transparency/index.ts';
import { balancesOf, userAccount } from '../ledger/index.ts';
import { queuePushes } from '../push/index.ts';

/**
 * A copy opens at the leader's recorded second and price only while that is still a fair copy: within this
 * many seconds of the leader's open and before the leader's order settles. Later (the server was down, the
 * job stalled) it is skipped as `copy_too_late`, so no copy is ever opened with its result already known.
 */
export const COPY_MAX_LAG_SECONDS = 10;

/** After this many failed attempts a task is recorded as failed (system_error) instead of retried. */
export const COPY_MAX_ATTEMPTS = 5;

type Claimed = {
  id: number;
  userId: number;
  subscriptionId: number;
  attempts: number;
  subStatus: string;
  stakeMode: string;
  amount: bigint | null;
  maxAmount: bigint;
  dailyLoss: bigint;
  symbols: string[];
  periods: number[];
  symbol: string;
  direction: 'up' | 'down';
  leaderStake: bigint;
  seconds: number;
  openTime: number;
  openPrice: bigint;
  settleTime: number;
};

type Outcome =
  | { id: number; status: 'copied'; open: OpenOrder }
  | { id: number; status: 'skipped' | 'failed'; reason: MessageKey; params: Record<string, string> };

export type CopyPassOptions = {
  now: number;
  tz: string;
  limit?: number;
  /** Hears what made a batch or a task fail (the job logs it); the work is retried either way. */
  onError?: (error: unknown, what: string) => void;
};

/**
 * Works off pending copy tasks: a batch is claimed with SKIP LOCKED (any number of workers and nodes), each
 * task is checked against the follower's subscription and the order terms, and the copies that pass are
 * opened through the same code as any order (insertOpenOrders: terms copied, one journal each), at the
 * leader's open tick, all in one transaction with the tasks' outcomes. Returns how many tasks it decided.
 */
export async function workCopyTasks(db: Db, options: CopyPassOptions): Promise<number> {
  const limit = options.limit ?? 200;
  const pseudonyms = await pseudonymKeyOf(db);
  try {
    return await db.transaction((tx) => decideBatch(tx, options, { limit }, pseudonyms));
  } catch (error) {
    options.onError?.(error, 'copy batch failed; deciding its tasks one at a time');
    // Something in the batch failed (a balance moved between our read and the journal, a database error):
    // it rolled back as a whole; take the same tasks one at a time so one follower cannot hold up the rest.
    const ids = await db.execute<{ id: string }>(
      sql`SELECT id FROM copy_tasks WHERE status = 'pending' ORDER BY id LIMIT ${limit}`,
    );
    let decided = 0;
    for (const { id } of ids.rows) {
      try {
        decided += await db.transaction((tx) => decideBatch(tx, options, { id: Number(id) }, pseudonyms));
      } catch (error) {
        options.onError?.(error, `copy task ${id} failed`);
        decided += await db.transaction(async (tx) => {
          const bumped = await tx.execute<{ attempts: number }>(sql`
            UPDATE copy_tasks SET attempts = attempts + 1 WHERE id = ${Number(id)} AND status = 'pending'
            RETURNING attempts`);
          const attempts = bumped.rows[0]?.attempts ?? 0;
          if (attempts < COPY_MAX_ATTEMPTS) return 0;
          await tx.execute(sql`
            UPDATE copy_tasks SET status = 'failed', reason = 'system_error', done_at = now()
            WHERE id = ${Number(id)} AND status = 'pending'`);
          return 1;
        });
      }
    }
    return decided;
  }
}

async function claim(tx: Tx, which: { limit?: number; id?: number }): Promise<Claimed[]> {
  const rows = await tx.execute<Record<string, unknown>>(sql`
    SELECT t.id, t.user_id, t.subscription_id, t.attempts, s.status AS sub_status, s.stake_mode, s.amount,
           s.max_amount, s.daily_loss, s.symbols, s.periods, p.symbol, o.direction, o.stake AS leader_stake,
           o.seconds, o.open_time, o.open_price, o.settle_time
    FROM copy_tasks t
    JOIN copy_subscriptions s ON s.id = t.subscription_id
    JOIN contract_orders o ON o.id = t.leader_order_id
    JOIN products p ON p.id = o.product_id
    WHERE t.status = 'pending' ${which.id === undefined ? sql`` : sql`AND t.id = ${which.id}`}
    ORDER BY t.id LIMIT ${which.limit ?? 1}
    FOR UPDATE OF t SKIP LOCKED`);
  return rows.rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    subscriptionId: Number(r.subscription_id),
    attempts: Number(r.attempts),
    subStatus: String(r.sub_status),
    stakeMode: String(r.stake_mode),
    amount: r.amount === null ? null : BigInt(r.amount as string),
    maxAmount: BigInt(r.max_amount as string),
    dailyLoss: BigInt(r.daily_loss as string),
    symbols: r.symbols as string[],
    periods: (r.periods as number[]).map(Number),
    symbol: String(r.symbol),
    direction: r.direction as 'up' | 'down',
    leaderStake: BigInt(r.leader_stake as string),
    seconds: Number(r.seconds),
    openTime: Number(r.open_time),
    openPrice: BigInt(r.open_price as string),
    settleTime: Number(r.settle_time),
  }));
}

const skip = (id: number, reason: MessageKey, params: Record<string, string | number> = {}): Outcome => ({
  id,
  status: 'skipped',
  reason,
  params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
});

async function decideBatch(
  tx: Tx,
  { now, tz }: CopyPassOptions,
  which: { limit?: number; id?: number },
  pseudonyms: PseudonymKey,
) {
  const tasks = await claim(tx, which);
  if (tasks.length === 0) return 0;

  // What each task asks for, checked against its subscription and the terms of the moment.
  const termsCache = new Map<string, Awaited<ReturnType<typeof findProductTerms>>>();
  const outcomes: Outcome[] = [];
  const candidates: Array<{ task: Claimed; stake: bigint; found: OrderTerms }> = [];
  for (const task of tasks) {
    if (task.subStatus !== 'active') outcomes.push(skip(task.id, 'copy_not_active'));
    else if (now > task.openTime + COPY_MAX_LAG_SECONDS || now >= task.settleTime)
      outcomes.push(skip(task.id, 'copy_too_late'));
    else if (task.symbols.length > 0 && !task.symbols.includes(task.symbol))
      outcomes.push(skip(task.id, 'copy_filtered_product'));
    else if (task.periods.length > 0 && !task.periods.includes(task.seconds))
      outcomes.push(skip(task.id, 'copy_filtered_period'));
    else {
      const stake = task.stakeMode === 'fixed' ? task.amount! : task.leaderStake;
      if (stake > task.maxAmount) {
        outcomes.push(skip(task.id, 'copy_over_cap', { max: formatMoney(task.maxAmount) }));
        continue;
      }
      const key = `${task.symbol}:${task.seconds}`;
      if (!termsCache.has(key)) termsCache.set(key, await findProductTerms(tx, task.symbol, task.seconds));
      try {
        candidates.push({ task, stake, found: checkOrderTerms(termsCache.get(key)!, stake, now) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes.push(skip(task.id, error.key, error.params ?? {}));
      }
    }
  }

  // The followers' own limits, read under their order locks: balance, open stake, today's losses.
  const opens: OpenOrder[] = [];
  const openedFor: number[] = [];
  if (candidates.length) {
    const users = [...new Set(candidates.map((c) => c.task.userId))];
    const subs = [...new Set(candidates.map((c) => c.task.subscriptionId))];
    await lockOrderUsers(tx, users);
    const userList = `{${users.join(',')}}`;
    const balances = await balancesOf(
      tx,
      users.map((u) => userAccount(u, 'available')),
    );
    const openStakes = await tx.execute<{ user_id: string; product_id: number; open: string }>(sql`
      SELECT user_id, product_id, stake AS open FROM open_stakes
      WHERE user_id = ANY(${userList}::bigint[]) AND mode = 'real'`);
    const risks = await tx.execute<{ subscription_id: string; risk: string }>(sql`
      SELECT t.subscription_id,
             coalesce(sum(CASE WHEN o.status = 'open' THEN (o.stake * o.loss_bp + 9999) / 10000 + o.fee
                               ELSE -(o.payout - o.stake - o.fee) END), 0) AS risk
      FROM copy_tasks t JOIN contract_orders o ON o.id = t.copy_order_id
      WHERE t.subscription_id = ANY(${`{${subs.join(',')}}`}::bigint[]) AND t.status = 'copied'
        -- Only recent copies can be open or settled today (contracts last minutes): an index range, not all.
        AND t.created_at >= to_timestamp(${now - 2 * 86_400})
        AND (o.status = 'open' OR (o.settle_time >= ${now - 2 * 86_400}
             AND to_char(to_timestamp(o.settle_time) AT TIME ZONE ${tz}, 'YYYY-MM-DD') = ${platformDate(now, tz)}))
      GROUP BY 1`);
    const limits = await followerLimits(tx, users, now);
    const available = new Map(users.map((u) => [u, balances.get(userAccount(u, 'available'))!]));
    const open = new Map(openStakes.rows.map((r) => [`${r.user_id}:${r.product_id}`, BigInt(r.open)]));
    const risk = new Map(risks.rows.map((r) => [Number(r.subscription_id), BigInt(r.risk)]));
    for (const { task, stake, found } of candidates) {
      const quote = quoteOrder(stake, found.terms);
      const openKey = `${task.userId}:${found.product.id}`;
      const openNow = open.get(openKey) ?? 0n;
      const riskNow = risk.get(task.subscriptionId) ?? 0n;
      const balance = available.get(task.userId) ?? 0n;
      const limitStop = limitRefusal(limits.get(task.userId), { stake, fee: quote.fee }, now);
      if (openNow + stake > found.terms.maxOpenStake)
        outcomes.push(skip(task.id, 'holding_max_amount', { max: formatMoney(found.terms.maxOpenStake) }));
      else if (riskNow + quote.expectedLoss > task.dailyLoss)
        outcomes.push(skip(task.id, 'copy_daily_loss_stop', { max: formatMoney(task.dailyLoss) }));
      else if (balance < quote.debit) outcomes.push(skip(task.id, 'balance_insufficient'));
      else if (limitStop) outcomes.push(skip(task.id, limitStop.key, limitStop.params ?? {}));
      else {
        const held = limits.get(task.userId);
        if (held) {
          addOrder(held.usage, { stake, fee: quote.fee }, task.openTime);
          if (held.open !== null) held.open += 1;
        }
        open.set(openKey, openNow + stake);
        risk.set(task.subscriptionId, riskNow + quote.expectedLoss);
        available.set(task.userId, balance - quote.debit);
        opens.push({
          ...found,
          userId: task.userId,
          stake,
          direction: task.direction,
          mode: 'real',
          tick: { ts: task.openTime, price: task.openPrice },
        });
        openedFor.push(task.id);
      }
    }
  }

  const rows = await insertOpenOrders(tx, opens, pseudonyms);
  const taskById = new Map(tasks.map((t) => [t.id, t]));
  await queuePushes(
    tx,
    rows.map((row, i) => {
      const task = taskById.get(openedFor[i]!)!;
      return {
        userId: task.userId,
        kind: 'copy_fill' as const,
        message: {
          title: 'push_copy_fill',
          body: 'push_copy_fill_body',
          params: {
            symbol: task.symbol,
            direction: task.direction,
            seconds: task.seconds,
            stake: formatMoney(opens[i]!.stake),
          },
        },
        link: '#/pages/copy/following',
        tag: `order:${row.id}`,
      };
    }),
  );
  const ids: number[] = [];
  const statuses: string[] = [];
  const reasons: (string | null)[] = [];
  const params: string[] = [];
  const orderIds: (number | null)[] = [];
  rows.forEach((row, i) => {
    ids.push(openedFor[i]!);
    statuses.push('copied');
    reasons.push(null);
    params.push('{}');
    orderIds.push(row.id);
  });
  for (const o of outcomes) {
    if (o.status === 'copied') continue;
    ids.push(o.id);
    statuses.push(o.status);
    reasons.push(o.reason);
    params.push(JSON.stringify(o.params));
    orderIds.push(null);
  }
  await tx.execute(sql`
    UPDATE copy_tasks t SET status = v.status, reason = v.reason, reason_params = v.params::jsonb,
      copy_order_id = v.order_id, done_at = now()
    FROM unnest(${pgArray(ids)}::bigint[], ${pgArray(statuses)}::text[], ${pgArray(reasons)}::text[],
                ${pgArray(params)}::text[], ${pgArray(orderIds)}::bigint[]) AS v(id, status, reason, params, order_id)
    WHERE t.id = v.id`);
  return tasks.length;
}

type FollowerLimits = ReturnType<typeof limitsOfRow>;

/** The followers' own limits, usage and open orders, read under their order locks (users with limits only). */
async function followerLimits(tx: Tx, users: number[], now: number): Promise<Map<number, FollowerLimits>> {
  const rows = await tx.execute<LimitColumns & { user_id: string }>(sql`
    SELECT r.user_id, ${limitColumns}
    FROM (SELECT unnest(${pgArray(users)}::bigint[]) AS user_id, 'real'::text AS mode, ${now}::bigint AS now,
                 null::text AS token_hash) AS r
    ${limitedUsersJoin}`);
  return new Map(rows.rows.map((r) => [Number(r.user_id), limitsOfRow(r)]));
}

/** A follower's limit or time-out that a copy would cross: the copy is skipped with its reason. */
function limitRefusal(limits: FollowerLimits | undefined, order: { stake: bigint; fee: bigint }, now: number) {
  if (!limits) return null;
  return orderRefusal(limits.state, limits.usage, limits.open, order, now, null);
}
