import { sql } from 'drizzle-orm';
import {
  COPY_LEADER_SHARE_PCT,
  formatMoney,
  formatPrice,
  parseMoney,
  platformDate,
  type CopyOrderList,
  type GoOrderBody,
  type Subscription,
} from '@app/contracts';
import type { z } from 'zod';
import type { goOrderBodySchema } from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { assertNotExcluded } from '../limits/index.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { productsBySymbols } from '../market/index.ts';
import { ordersById, toOrder, type OrderRow } from '../orders/index.ts';
import { seconds } from '../../platform/time/epoch.ts';

export type GoOrder = z.output<typeof goOrderBodySchema>;
export type { GoOrderBody };

/**
 * /api/user/goorder: follows a leader, or changes the settings of the live subscription one has with them
 * (its status stays as it is). Orders the leader already has open are never copied: copies come only from
 * orders placed after this commits.
 */
export async function follow(db: Db, userId: number, body: GoOrder, now: number, tz: string): Promise<Subscription> {
  const leader = (
    await db.execute<{ id: string; leader_user_id: string; status: string }>(
      sql`SELECT id, leader_user_id, status FROM copy_leaders WHERE id = ${body.leader_id}`,
    )
  ).rows[0];
  if (!leader) throw new AppError('copy_leader_not_found', { field: 'leader_id' });
  if (Number(leader.leader_user_id) === userId) throw new AppError('copy_follow_self', { field: 'leader_id' });
  if (leader.status !== 'active') throw new AppError('copy_leader_retired', { field: 'leader_id' });
  // A time-out or self-exclusion stops copying (each copy fill is refused in its own transaction as well).
  await assertNotExcluded(db, userId, now);
  const maxAmount = parseMoney(body.max_amount);
  const dailyLoss = parseMoney(body.daily_loss);
  if (maxAmount === null || maxAmount <= 0n) throw new AppError('invalid_request', { field: 'max_amount' });
  if (dailyLoss === null || dailyLoss <= 0n) throw new AppError('invalid_request', { field: 'daily_loss' });
  let amount: bigint | null = null;
  if (body.stake_mode === 'fixed') {
    if (body.amount === undefined) throw new AppError('copy_amount_required', { field: 'amount' });
    amount = parseMoney(body.amount);
    if (amount === null || amount <= 0n) throw new AppError('invalid_request', { field: 'amount' });
    if (amount > maxAmount) throw new AppError('copy_cap_below_amount', { field: 'max_amount' });
  }
  let symbols: string[] = [];
  if (body.symbols.length) {
    const known = await productsBySymbols(db, body.symbols);
    if (known.length !== body.symbols.length) throw new AppError('product_not_found', { field: 'symbols' });
    symbols = known.map((k) => k.symbol).sort();
  }
  const periods = [...body.periods].sort((a, b) => a - b);
  const saved = await db.execute<{ id: string }>(sql`
    INSERT INTO copy_subscriptions (user_id, leader_id, stake_mode, amount, max_amount, daily_loss, symbols, periods)
    VALUES (${userId}, ${body.leader_id}, ${body.stake_mode}, ${amount}, ${maxAmount}, ${dailyLoss},
            ${`{${symbols.map((s) => `"${s}"`).join(',')}}`}::text[], ${`{${periods.join(',')}}`}::integer[])
    ON CONFLICT (user_id, leader_id) WHERE status <> 'stopped' DO UPDATE SET
      stake_mode = excluded.stake_mode, amount = excluded.amount, max_amount = excluded.max_amount,
      daily_loss = excluded.daily_loss, symbols = excluded.symbols, periods = excluded.periods, updated_at = now()
    RETURNING id`);
  return subscription(db, userId, Number(saved.rows[0]!.id), now, tz);
}

/** Pause, resume or stop one's own subscription; someone else's reads as missing. Stopped is final. */
export async function setSubscriptionStatus(
  db: Db,
  userId: number,
  id: number,
  to: 'active' | 'paused' | 'stopped',
  now: number,
  tz: string,
): Promise<Subscription> {
  const current = (
    await db.execute<{ status: string }>(
      sql`SELECT status FROM copy_subscriptions WHERE id = ${id} AND user_id = ${userId}`,
    )
  ).rows[0];
  if (!current) throw new AppError('copy_subscription_not_found', { field: 'id' });
  if (current.status === 'stopped') throw new AppError('copy_subscription_stopped');
  if (to === 'active') await assertNotExcluded(db, userId, now);
  await db.execute(sql`
    UPDATE copy_subscriptions SET status = ${to}, stopped_reason = ${to === 'stopped' ? 'user' : null},
      updated_at = now()
    WHERE id = ${id} AND user_id = ${userId} AND status <> 'stopped'`);
  return subscription(db, userId, id, now, tz);
}

type SubscriptionRow = {
  id: string;
  leader_id: string;
  leader_name: string;
  leader_status: 'active' | 'retired';
  status: 'active' | 'paused' | 'stopped';
  stopped_reason: string | null;
  stake_mode: 'fixed' | 'mirror';
  amount: string | null;
  max_amount: string;
  daily_loss: string;
  symbols: string[];
  periods: number[];
  created_at: Date;
  updated_at: Date;
  copied: number;
  skipped: number;
  failed: number;
  pnl: string;
  today_at_risk: string;
};

async function subscriptionRows(db: DbOrTx, userId: number, filter: ReturnType<typeof sql>, now: number, tz: string) {
  const rows = await db.execute<SubscriptionRow>(sql`
    SELECT s.id, s.leader_id, l.display_name AS leader_name, l.status AS leader_status, s.status, s.stopped_reason,
      s.stake_mode, s.amount, s.max_amount, s.daily_loss, s.symbols, s.periods, s.created_at, s.updated_at,
      coalesce(c.copied, 0)::int AS copied, coalesce(c.skipped, 0)::int AS skipped, coalesce(c.failed, 0)::int AS failed,
      coalesce(c.pnl, 0)::text AS pnl, coalesce(c.risk, 0)::text AS today_at_risk
    FROM copy_subscriptions s JOIN copy_leaders l ON l.id = s.leader_id
    LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE t.status = 'copied') AS copied,
             count(*) FILTER (WHERE t.status = 'skipped') AS skipped,
             count(*) FILTER (WHERE t.status = 'failed') AS failed,
             sum(o.payout - o.stake - o.fee) FILTER (WHERE o.status = 'settled') AS pnl,
             sum(CASE WHEN o.status = 'open' THEN (o.stake * o.loss_bp + 9999) / 10000 + o.fee
                      WHEN to_char(to_timestamp(o.settle_time) AT TIME ZONE ${tz}, 'YYYY-MM-DD') = ${platformDate(now, tz)}
                      THEN -(o.payout - o.stake - o.fee) END) AS risk
      FROM copy_tasks t LEFT JOIN contract_orders o ON o.id = t.copy_order_id
      WHERE t.subscription_id = s.id) c ON true
    WHERE s.user_id = ${userId} AND ${filter}
    ORDER BY s.id DESC`);
  return rows.rows.map((r): Subscription => ({
    id: Number(r.id),
    leader_id: Number(r.leader_id),
    leader_name: r.leader_name,
    leader_status: r.leader_status,
    status: r.status,
    stopped_reason: r.stopped_reason,
    stake_mode: r.stake_mode,
    amount: r.amount === null ? null : formatMoney(BigInt(r.amount)),
    max_amount: formatMoney(BigInt(r.max_amount)),
    daily_loss: formatMoney(BigInt(r.daily_loss)),
    symbols: r.symbols,
    periods: r.periods.map(Number),
    leader_share_pct: COPY_LEADER_SHARE_PCT,
    created_at: seconds(r.created_at),
    updated_at: seconds(r.updated_at),
    copied: r.copied,
    skipped: r.skipped,
    failed: r.failed,
    pnl: formatMoney(BigInt(r.pnl)),
    // A day whose wins outweigh its losses has nothing at risk yet, not a negative amount.
    today_at_risk: formatMoney(BigInt(r.today_at_risk) > 0n ? BigInt(r.today_at_risk) : 0n),
  }));
}

export async function subscription(db: DbOrTx, userId: number, id: number, now: number, tz: string) {
  const [row] = await subscriptionRows(db, userId, sql`s.id = ${id}`, now, tz);
  if (!row) throw new AppError('copy_subscription_not_found');
  return row;
}

export function listSubscriptions(
  db: DbOrTx,
  userId: number,
  status: 'live' | 'stopped' | 'all',
  now: number,
  tz: string,
) {
  const filter =
    status === 'live' ? sql`s.status <> 'stopped'` : status === 'stopped' ? sql`s.status = 'stopped'` : sql`true`;
  return subscriptionRows(db, userId, filter, now, tz);
}

/** Follow-trade orders: every copy task of the user, newest first, with the leader's order and the copy. */
export async function listCopyOrders(
  db: DbOrTx,
  input: { userId: number; status: 'all' | 'copied' | 'skipped' | 'failed' | 'pending'; page: number; size: number },
): Promise<CopyOrderList> {
  const filter = input.status === 'all' ? sql`true` : sql`t.status = ${input.status}`;
  const rows = await db.execute<Record<string, unknown>>(sql`
    SELECT t.id, t.subscription_id, s.leader_id, l.display_name AS leader_name, t.status, t.reason, t.reason_params,
      t.copy_order_id, t.created_at, t.done_at,
      o.id AS o_id, p.symbol, p.name, p.precision, p.simulated, o.direction, o.stake, o.seconds, o.open_time, o.open_price,
      o.settle_time, o.settle_price, o.result
    FROM copy_tasks t
    JOIN copy_subscriptions s ON s.id = t.subscription_id
    JOIN copy_leaders l ON l.id = s.leader_id
    JOIN contract_orders o ON o.id = t.leader_order_id
    JOIN products p ON p.id = o.product_id
    WHERE t.user_id = ${input.userId} AND ${filter}
    ORDER BY t.id DESC LIMIT ${input.size} OFFSET ${(input.page - 1) * input.size}`);
  const total = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM copy_tasks t WHERE t.user_id = ${input.userId} AND ${filter}`,
  );
  const copyIds = rows.rows.filter((r) => r.copy_order_id !== null).map((r) => Number(r.copy_order_id));
  const copies = new Map<number, OrderRow>();
  for (const o of await ordersById(db, copyIds)) copies.set(o.id, o);
  const price = (v: unknown, precision: number) => (v === null ? null : formatPrice(BigInt(v as string), precision));
  return {
    items: rows.rows.map((r) => {
      const precision = Number(r.precision);
      const copy = r.copy_order_id === null ? null : copies.get(Number(r.copy_order_id))!;
      return {
        id: Number(r.id),
        subscription_id: Number(r.subscription_id),
        leader_id: Number(r.leader_id),
        leader_name: String(r.leader_name),
        status: r.status as CopyOrderList['items'][number]['status'],
        reason: (r.reason as string | null) ?? null,
        reason_params: (r.reason_params as Record<string, string>) ?? {},
        leader_order: {
          id: Number(r.o_id),
          symbol: String(r.symbol),
          name: String(r.name),
          direction: r.direction as 'up' | 'down',
          amount: formatMoney(BigInt(r.stake as string)),
          seconds: Number(r.seconds),
          open_time: Number(r.open_time),
          open_price: price(r.open_price, precision)!,
          settle_time: Number(r.settle_time),
          settle_price: price(r.settle_price, precision),
          result: (r.result as 'win' | 'loss' | 'draw' | null) ?? null,
        },
        order: copy
          ? toOrder(copy, {
              symbol: String(r.symbol),
              name: String(r.name),
              precision,
              simulated: r.simulated === true,
            })
          : null,
        created_at: seconds(r.created_at as Date),
        done_at: r.done_at === null ? null : seconds(r.done_at as Date),
      };
    }),
    total: total.rows[0]!.n,
    page: input.page,
  };
}
