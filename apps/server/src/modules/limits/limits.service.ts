import { eq, sql } from 'drizzle-orm';
import {
  COUNT_LIMITS,
  EXCLUSION_DAYS,
  exclusionKindOf,
  formatMoney,
  LIMIT_NAMES,
  limitWindowDays,
  parseMoney,
  type ExclusionPeriod,
  type LimitName,
  type Limits,
} from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  cancelPending,
  changeLimit,
  confirmLimit,
  dayOf,
  depositRefusal,
  exclusionRefusal,
  parseState,
  storedLimits,
  storedPending,
  usedIn,
  type DayUsage,
  type LimitState,
} from './limit-rules.ts';
import { limitUsage, userLimits } from './limits.table.ts';
import { XACT_LOCKS } from '../../platform/db/advisory-locks.ts';
import { capSessionLength, hashToken, sessionOfToken } from '../auth/index.ts';
import type { SessionOpened } from '../auth/index.ts';

const DAY = 86_400;

/** The shortest reality-check interval where the server's configuration does not say (the console's view). */
export const REALITY_MIN_MINUTES = 10;

/**
 * The session length in force ends the user's open sessions that long after they began (a lowered limit at
 * once; a raise only shortens nothing). In the transaction that stored it.
 */
async function holdSessionLength(tx: Tx, userId: number, state: LimitState) {
  const minutes = state.limits.session_minutes;
  if (minutes !== undefined) await capSessionLength(tx, userId, Number(minutes) * 60);
}

/** A sign-in of a user with a session length: the new session ends that long after it began. */
export async function capOpenedSession(db: Db, opened: SessionOpened) {
  if (opened.kind !== 'login') return;
  const session = await sessionOfToken(db, opened.token);
  if (!session) return;
  const userId = session.userId;
  const [row] = await db.select({ limits: userLimits.limits }).from(userLimits).where(eq(userLimits.userId, userId));
  const minutes = row?.limits.session_minutes;
  if (minutes !== undefined) await capSessionLength(db, userId, Number(minutes) * 60, hashToken(opened.token));
}

/**
 * The user's limits row, locked for this transaction, made on first use with the last 30 days of their
 * real-money trading counted in (so a limit set today counts today's orders already placed). Taken under the
 * user's order lock, so no order of theirs is placed between the count and the row.
 */
async function lockRow(tx: Tx, userId: number, now: number): Promise<LimitState & { realityMinutes: number | null }> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${XACT_LOCKS.userOrders}, ${userId}::int)`);
  const made = await tx
    .insert(userLimits)
    .values({ userId })
    .onConflictDoNothing()
    .returning({ id: userLimits.userId });
  if (made.length) {
    await tx.execute(sql`
      INSERT INTO limit_usage (user_id, day, staked, paid, returned)
      SELECT user_id, (open_time / ${DAY})::int, sum(stake), sum(stake + fee), sum(coalesce(payout, 0))
      FROM contract_orders
      WHERE user_id = ${userId} AND mode = 'real' AND open_time >= ${(dayOf(now) - 29) * DAY}
      GROUP BY 1, 2
      ON CONFLICT DO NOTHING`);
  }
  const [row] = await tx.select().from(userLimits).where(eq(userLimits.userId, userId)).for('update');
  return { ...parseState(row!), realityMinutes: row!.realityMinutes };
}

async function store(tx: Tx, userId: number, state: LimitState) {
  await tx
    .update(userLimits)
    .set({
      limits: storedLimits(state),
      pending: storedPending(state),
      excludedUntil: state.excludedUntil,
      exclusionKind: state.exclusionKind,
      updatedAt: sql`now()`,
    })
    .where(eq(userLimits.userId, userId));
}

/** A value as the user typed it: an amount in U, or a whole number for counts and minutes; "" removes. */
function parseValue(name: LimitName, text: string): bigint | null {
  if (text === '') return null;
  if (COUNT_LIMITS.includes(name)) {
    if (!/^\d{1,6}$/.test(text) || Number(text) < 1) throw new AppError('invalid_request', { field: 'value' });
    return BigInt(text);
  }
  const v = parseMoney(text);
  if (v === null || v < 0n) throw new AppError('invalid_request', { field: 'value' });
  return v;
}

export async function setLimit(db: Db, userId: number, name: LimitName, text: string, now: number) {
  const value = parseValue(name, text);
  await db.transaction(async (tx) => {
    const state = await lockRow(tx, userId, now);
    const next = changeLimit(state, name, value, now);
    await store(tx, userId, next);
    await holdSessionLength(tx, userId, next);
  });
  return limitsOf(db, userId, now);
}

export async function confirmPending(db: Db, userId: number, name: LimitName, now: number) {
  await db.transaction(async (tx) => {
    const state = await lockRow(tx, userId, now);
    const next = confirmLimit(state, name, now);
    await store(tx, userId, next);
    await holdSessionLength(tx, userId, next);
  });
  return limitsOf(db, userId, now);
}

export async function cancelPendingLimit(db: Db, userId: number, name: LimitName, now: number) {
  await db.transaction(async (tx) => {
    const state = await lockRow(tx, userId, now);
    await store(tx, userId, cancelPending(state, name));
  });
  return limitsOf(db, userId, now);
}

/** The reality-check reminder: a reminder, not a limit, so any change takes effect at once (0: none). */
export async function setRealityMinutes(db: Db, userId: number, minutes: number, now: number, min: number) {
  if (minutes !== 0 && minutes < min) throw new AppError('reality_too_short', { field: 'minutes', params: { min } });
  await db.transaction(async (tx) => {
    await lockRow(tx, userId, now);
    await tx
      .update(userLimits)
      .set({ realityMinutes: minutes === 0 ? null : minutes, updatedAt: sql`now()` })
      .where(eq(userLimits.userId, userId));
  });
  return limitsOf(db, userId, now, min);
}

/**
 * A time-out or self-exclusion from now for the period. Nothing ends one early: a new one may only reach further.
 * Taken under the user's order lock, so no order in flight is placed after it.
 */
export async function exclude(db: Db, userId: number, period: ExclusionPeriod, now: number) {
  await db.transaction(async (tx) => {
    const state = await lockRow(tx, userId, now);
    const until = now + EXCLUSION_DAYS[period] * DAY;
    if (state.excludedUntil !== null && state.excludedUntil >= until) throw new AppError('exclusion_shorter');
    await tx
      .update(userLimits)
      .set({
        excludedUntil: until,
        exclusionKind:
          // A longer time-out over a self-exclusion still running keeps the stronger name.
          state.exclusionKind === 'self_exclusion' && state.excludedUntil! > now
            ? 'self_exclusion'
            : exclusionKindOf(period),
        excludedAt: now,
        updatedAt: sql`now()`,
      })
      .where(eq(userLimits.userId, userId));
  });
  return limitsOf(db, userId, now);
}

/**
 * Refuses a deposit request that a time-out, self-exclusion or deposit limit forbids, in the request's
 * transaction, with the user's limits row locked: two requests at once are counted one after the other. Refused
 * requests do not count; every other request does from the moment it is made.
 */
export async function checkDeposit(tx: Tx, userId: number, amount: bigint, now: number) {
  const [row] = await tx.select().from(userLimits).where(eq(userLimits.userId, userId)).for('update');
  if (!row) return;
  const state = parseState(row);
  const deposited = await depositsByDay(tx, userId, now);
  const refusal = depositRefusal(state, deposited, amount, now);
  if (refusal) throw refusal;
}

async function depositsByDay(db: DbOrTx, userId: number, now: number) {
  const rows = await db.execute<{ day: number; amount: string }>(sql`
    SELECT floor(extract(epoch from created_at) / ${DAY})::int AS day, sum(amount)::text AS amount
    FROM deposits
    WHERE user_id = ${userId} AND class = 0 AND status <> 2 AND created_at >= to_timestamp(${(dayOf(now) - 29) * DAY})
    GROUP BY 1`);
  return new Map(rows.rows.map((r) => [Number(r.day), BigInt(r.amount)]));
}

/**
 * Refuses an act a time-out or self-exclusion stops (copying, plan purchases), in the act's transaction: the
 * row is share-locked, so an exclusion being set waits for the act or the act for it.
 */
export async function assertNotExcluded(tx: DbOrTx, userId: number, now: number) {
  const [row] = await tx
    .select({ excludedUntil: userLimits.excludedUntil })
    .from(userLimits)
    .where(eq(userLimits.userId, userId))
    .for('share');
  const refusal = exclusionRefusal(row ?? null, now);
  if (refusal) throw refusal;
}

/** The Limits page: each limit in force with its use and window, what waits, the reminder and any exclusion. */
export async function limitsOf(
  db: DbOrTx,
  userId: number,
  now: number,
  realityMin = REALITY_MIN_MINUTES,
): Promise<Limits> {
  const [row] = await db.select().from(userLimits).where(eq(userLimits.userId, userId));
  const state = row ? parseState(row) : null;
  const usage = new Map<number, DayUsage>();
  let deposits = new Map<number, bigint>();
  let open = 0;
  if (state) {
    const used = await db
      .select()
      .from(limitUsage)
      .where(sql`${limitUsage.userId} = ${userId} AND ${limitUsage.day} > ${dayOf(now) - 30}`);
    for (const u of used) usage.set(u.day, u);
    deposits = await depositsByDay(db, userId, now);
    const counted = await db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM contract_orders WHERE user_id = ${userId} AND mode = 'real' AND status = 'open'`,
    );
    open = Number(counted.rows[0]!.n);
  }
  const depositUsage = new Map([...deposits].map(([day, v]) => [day, { day, staked: v, paid: 0n, returned: 0n }]));
  const text = (name: LimitName, v: bigint) => (COUNT_LIMITS.includes(name) ? v.toString() : formatMoney(v));
  return {
    limits: LIMIT_NAMES.map((name) => {
      const value = state?.limits[name];
      const pending = state?.pending[name];
      const window = limitWindowDays(name);
      let used: string | null = null;
      if (value !== undefined) {
        if (name.startsWith('deposit_'))
          used = formatMoney(usedIn(name.replace('deposit_', 'turnover_') as LimitName, depositUsage, now));
        else if (window !== null) used = formatMoney(usedIn(name, usage, now));
        else if (name === 'open_orders') used = String(open);
      }
      return {
        name,
        value: value === undefined ? null : text(name, value),
        used,
        resets_at: window === null ? null : (dayOf(now) + 1) * DAY,
        pending: pending
          ? {
              value: pending.value === null ? null : text(name, pending.value),
              effective_at: pending.at,
              confirmable: pending.at <= now,
            }
          : null,
      };
    }),
    reality_minutes: row?.realityMinutes ?? null,
    reality_min_minutes: realityMin,
    exclusion:
      state && state.excludedUntil !== null && state.excludedUntil > now
        ? { kind: state.exclusionKind!, started_at: row!.excludedAt ?? now, until: state.excludedUntil }
        : null,
    now,
  };
}

/** The reality check's settings: the reminder interval and the session length in force (minutes; null: none). */
export async function realityMinutesOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ realityMinutes: userLimits.realityMinutes, limits: userLimits.limits })
    .from(userLimits)
    .where(eq(userLimits.userId, userId));
  const session = row?.limits.session_minutes;
  return {
    realityMinutes: row?.realityMinutes ?? null,
    sessionMinutes: session === undefined ? null : Number(session),
  };
}
