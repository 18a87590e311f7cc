import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import {
  bpToRate,
  dayLabel,
  dayOf,
  formatMoney,
  parseMoney,
  type FlexInfo,
  type FlexMove,
  type FlexMoveResult,
  type FlexOutQuote,
} from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.ts';
import { pgArray } from '../../platform/db/pg-array.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { once, requestHash } from '../../platform/idempotency/idempotency.service.ts';
import { balancesOf, houseShard, postJournals, userAccount, type Transfer } from '../ledger/index.ts';
import { postInboxMessages, postToUsers } from '../inbox/index.ts';
import { assertNotExcluded } from '../limits/index.ts';
import {
  investFlexAccounts,
  investFlexAccruals,
  investFlexMoves,
  investFlexRates,
  investFlexSettings,
} from './flexible.table.ts';

/**
 * The flexible Yuebao balance (contracts: flexInfoSchema states the rule). Every move and every day's interest is
 * one balanced journal in the transaction that changes the account row, and the account row is locked first, so
 * two moves of one user queue and neither can take money the other already took.
 */

type Account = typeof investFlexAccounts.$inferSelect;
type MoveRow = typeof investFlexMoves.$inferSelect;
export type Rates = Array<{ day: number; bp: number }>;

const DIVISOR = 3_650_000n;

/** The yearly rate of a day: the latest row effective on or before it (none: 0). `rates` ascending by day. */
export function rateOn(rates: Rates, day: number): number {
  let bp = 0;
  for (const r of rates) {
    if (r.day > day) break;
    bp = r.bp;
  }
  return bp;
}

export type AccrualState = Pick<Account, 'balance' | 'earning' | 'earningDay' | 'accruedThrough' | 'carry'>;
export type DayCredit = { day: number; base: bigint; rateBp: number; amount: bigint };

/**
 * The days after `accruedThrough` up to `through`, each credited on its base at its rate with the remainder carried;
 * a day's interest joins the balance, so it earns from the next day. Pure: the service and the tests share it.
 */
export function creditDays(a: AccrualState, through: number, rates: Rates) {
  let balance = a.balance;
  let carry = a.carry;
  const days: DayCredit[] = [];
  for (let day = a.accruedThrough + 1; day <= through; day++) {
    // The day of the last move earns on its lowest balance; a later day saw no move, so earns on the whole balance.
    const base = day === a.earningDay ? a.earning : day > a.earningDay ? balance : 0n;
    if (base === 0n) continue;
    const rateBp = rateOn(rates, day);
    const x = base * BigInt(rateBp) + carry;
    const amount = x / DIVISOR;
    carry = x % DIVISOR;
    balance += amount;
    days.push({ day, base, rateBp, amount });
  }
  return { balance, carry, days, earned: days.reduce((s, d) => s + d.amount, 0n) };
}

export async function loadRates(db: DbOrTx): Promise<Rates> {
  const rows = await db.select().from(investFlexRates).orderBy(asc(investFlexRates.effectiveDay));
  return rows.map((r) => ({ day: r.effectiveDay, bp: r.rateBp }));
}

export async function instantOutDaily(db: DbOrTx): Promise<bigint> {
  const [row] = await db.select().from(investFlexSettings).where(eq(investFlexSettings.id, 1));
  return row?.instantOutDaily ?? 0n;
}

/**
 * Credits the locked accounts every completed day not credited yet: their accrual rows, their balances and one
 * journal from the house's plan shards. Named by one account and the day it is now credited to: an account's
 * credited day only moves forward, so that pair names one pass for ever.
 */
async function creditAccounts(tx: Tx, accounts: Account[], through: number, rates: Rates): Promise<number> {
  const rows: Array<DayCredit & { userId: number }> = [];
  const updates: Array<{ userId: number; balance: bigint; carry: bigint; earned: bigint }> = [];
  const transfers: Transfer[] = [];
  for (const a of accounts) {
    if (a.accruedThrough >= through) continue;
    const c = creditDays(a, through, rates);
    rows.push(...c.days.map((d) => ({ ...d, userId: a.userId })));
    updates.push({ userId: a.userId, balance: c.balance, carry: c.carry, earned: c.earned });
    if (c.earned > 0n)
      transfers.push({ from: houseShard('plans', a.userId), to: userAccount(a.userId, 'yuebao'), amount: c.earned });
  }
  if (updates.length === 0) return 0;
  if (rows.length) {
    await tx.execute(sql`
      INSERT INTO invest_flex_accruals (user_id, day, base, rate_bp, amount)
      SELECT * FROM unnest(${pgArray(rows.map((r) => r.userId))}::bigint[], ${pgArray(rows.map((r) => r.day))}::int[],
                           ${pgArray(rows.map((r) => r.base))}::bigint[], ${pgArray(rows.map((r) => r.rateBp))}::int[],
                           ${pgArray(rows.map((r) => r.amount))}::bigint[])`);
  }
  await tx.execute(sql`
    UPDATE invest_flex_accounts a
    SET balance = v.balance, carry = v.carry, total_profit = a.total_profit + v.earned, accrued_through = ${through}
    FROM unnest(${pgArray(updates.map((u) => u.userId))}::bigint[], ${pgArray(updates.map((u) => u.balance))}::bigint[],
                ${pgArray(updates.map((u) => u.carry))}::bigint[], ${pgArray(updates.map((u) => u.earned))}::bigint[])
      AS v(user_id, balance, carry, earned)
    WHERE a.user_id = v.user_id`);
  if (transfers.length) {
    const first = updates[0]!.userId;
    await postJournals(tx, [
      {
        reference: `yeb:flex:${first}:to:${through}`,
        kind: 'yuebao_accrual',
        transfers,
        memo: { accounts: updates.length, days: rows.length, through },
      },
    ]);
  }
  return rows.length;
}

export const FLEX_BATCH = 5_000;
export const FLEX_WORKERS = 2;

/**
 * Every account with money that has a completed day not credited: accounts are taken by the day they are credited
 * to (oldest first), in batches of one transaction each, with SKIP LOCKED so workers and a user's own move step
 * over each other. Returns the account-days credited. Accounts without money earn nothing and are brought up to
 * date by their next move.
 */
export async function accrueFlexible(
  db: Db,
  today: number,
  batch = FLEX_BATCH,
  shouldStop: () => boolean = () => false,
  workers = FLEX_WORKERS,
): Promise<number> {
  const through = today - 1;
  const rates = await loadRates(db);
  let total = 0;
  // Taken group by group, each day once: an account of a group another transaction held (a move, which credits it
  // itself) and that is still behind is left to the next pass.
  let done = -1;
  for (;;) {
    const [low] = await db
      .select({ day: sql<number | null>`min(${investFlexAccounts.accruedThrough})` })
      .from(investFlexAccounts)
      .where(
        and(
          gt(investFlexAccounts.balance, 0n),
          sql`${investFlexAccounts.accruedThrough} < ${through}`,
          sql`${investFlexAccounts.accruedThrough} > ${done}`,
        ),
      );
    const from = low?.day;
    if (from === null || from === undefined) return total;
    const worker = async () => {
      let afterId = 0;
      for (;;) {
        const pass = await db.transaction(async (tx) => {
          const accounts = await tx
            .select()
            .from(investFlexAccounts)
            .where(
              and(
                eq(investFlexAccounts.accruedThrough, from),
                gt(investFlexAccounts.balance, 0n),
                gt(investFlexAccounts.userId, afterId),
              ),
            )
            .orderBy(asc(investFlexAccounts.userId))
            .limit(batch)
            .for('update', { skipLocked: true });
          const days = await creditAccounts(tx, accounts, through, rates);
          return { n: accounts.length, last: accounts.at(-1)?.userId ?? afterId, days };
        });
        total += pass.days;
        if (pass.n < batch || shouldStop()) return;
        afterId = pass.last;
      }
    };
    await Promise.all(Array.from({ length: workers }, worker));
    if (shouldStop()) return total;
    done = from;
  }
}

/** Next-day parts of moves out whose day has come reach the cash balance, each its own journal. */
export async function payArrivedOuts(db: Db, today: number, limit = 500): Promise<number> {
  let paid = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(investFlexMoves)
        .where(and(eq(investFlexMoves.status, 'pending'), lte(investFlexMoves.arrivesDay, today)))
        .orderBy(asc(investFlexMoves.arrivesDay), asc(investFlexMoves.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      await postJournals(
        tx,
        due.map((m) => ({
          reference: `yeb:flex:move:${m.id}:arrive`,
          kind: 'yuebao_out_arrive',
          transfers: [
            { from: userAccount(m.userId, 'yuebao_out'), to: userAccount(m.userId, 'available'), amount: m.nextDay },
          ],
          memo: { move: m.id },
        })),
      );
      await tx.execute(
        sql`UPDATE invest_flex_moves SET status = 'done' WHERE id = ANY(${pgArray(due.map((m) => m.id))}::bigint[])`,
      );
      // The user was told on the day they moved it that this part comes later: they are told when it came.
      await postInboxMessages(
        tx,
        due.map((m) => ({
          userId: m.userId,
          kind: 'yuebao_out_arrived',
          params: { amount: formatMoney(m.nextDay) },
          reference: `yeb:flex:move:${m.id}:arrived`,
        })),
      );
      return due.length;
    });
    paid += n;
    if (n < limit) return paid;
  }
}

/**
 * Tells every holder of a flexible balance, the day it is approved, of a rate that starts on a later day: the
 * terms history has it too, but a holder should not have to look.
 */
export async function announceRate(
  tx: Tx,
  change: { day: number; rateBp: number; beforeBp: number; reference: string },
): Promise<number> {
  const holders = await tx
    .select({ userId: investFlexAccounts.userId })
    .from(investFlexAccounts)
    .where(gt(investFlexAccounts.balance, 0n));
  return postToUsers(
    tx,
    holders.map((h) => h.userId),
    {
      kind: 'yuebao_rate_change',
      params: { from: dayLabel(change.day), rate: bpToRate(change.rateBp), before: bpToRate(change.beforeBp) },
      reference: change.reference,
    },
  );
}

/**
 * The user's account row, locked, with every completed day credited, and the day's lowest balance started afresh
 * when the last move was on an earlier day (no move since: the whole balance is today's lowest so far).
 */
async function lockAccount(tx: Tx, userId: number, today: number): Promise<Account> {
  await tx
    .insert(investFlexAccounts)
    .values({ userId, earningDay: today, accruedThrough: today - 1 })
    .onConflictDoNothing();
  const [a] = await tx.select().from(investFlexAccounts).where(eq(investFlexAccounts.userId, userId)).for('update');
  await creditAccounts(tx, [a!], today - 1, await loadRates(tx));
  const [fresh] = await tx
    .update(investFlexAccounts)
    .set({
      // Days with no money earn nothing: an account empty since its last move just moves on.
      accruedThrough: sql`greatest(${investFlexAccounts.accruedThrough}, ${today - 1})`,
      earning: sql`case when ${investFlexAccounts.earningDay} < ${today} then ${investFlexAccounts.balance} else ${investFlexAccounts.earning} end`,
      earningDay: today,
    })
    .where(eq(investFlexAccounts.userId, userId))
    .returning();
  return fresh!;
}

function amountOf(text: string): bigint {
  const amount = parseMoney(text);
  if (amount === null || amount <= 0n) throw new AppError('invalid_request', { field: 'amount' });
  return amount;
}

const instantLeft = (a: Pick<Account, 'outDay' | 'outInstant'> | undefined, daily: bigint, today: number) => {
  const used = a && a.outDay === today ? a.outInstant : 0n;
  return daily > used ? daily - used : 0n;
};

function toMove(m: MoveRow): FlexMove {
  return {
    id: m.id,
    kind: m.kind as FlexMove['kind'],
    amount: formatMoney(m.amount),
    instant: formatMoney(m.instant),
    next_day: formatMoney(m.nextDay),
    arrives_on: m.arrivesDay === null ? null : dayLabel(m.arrivesDay),
    status: m.status as FlexMove['status'],
    created_at: Math.floor(m.createdAt.getTime() / 1000),
  };
}

export type Clock = { now: number; tz: string };

export async function flexInfo(db: DbOrTx, userId: number, c: Clock): Promise<FlexInfo> {
  const today = dayOf(c.now, c.tz);
  const codes = [userAccount(userId, 'yuebao'), userAccount(userId, 'yuebao_out'), userAccount(userId, 'available')];
  const [balances, [account], [yesterday], rates, daily] = await Promise.all([
    balancesOf(db, codes),
    db.select().from(investFlexAccounts).where(eq(investFlexAccounts.userId, userId)),
    db
      .select({ amount: investFlexAccruals.amount })
      .from(investFlexAccruals)
      .where(and(eq(investFlexAccruals.userId, userId), eq(investFlexAccruals.day, today - 1))),
    loadRates(db),
    instantOutDaily(db),
  ]);
  const available = balances.get(codes[0]!)!;
  const frozen = balances.get(codes[1]!)!;
  const next = rates.find((r) => r.day > today);
  return {
    currency: 'USD',
    available: formatMoney(available),
    frozen: formatMoney(frozen),
    total: formatMoney(available + frozen),
    yesterday_profit: formatMoney(yesterday?.amount ?? 0n),
    total_profit: formatMoney(account?.totalProfit ?? 0n),
    cash_available: formatMoney(balances.get(codes[2]!)!),
    rate_pct: bpToRate(rateOn(rates, today)),
    next_rate: next ? { day: dayLabel(next.day), rate_pct: bpToRate(next.bp) } : null,
    rates: Array.from({ length: 7 }, (_, i) => today - 6 + i).map((day) => ({
      day: dayLabel(day),
      rate_pct: bpToRate(rateOn(rates, day)),
    })),
    instant_out_daily: formatMoney(daily),
    instant_out_left: formatMoney(instantLeft(account, daily, today)),
    earning_from: dayLabel(today + 1),
    time_zone: c.tz,
  };
}

function splitOut(amount: bigint, left: bigint, today: number) {
  const instant = amount < left ? amount : left;
  const nextDay = amount - instant;
  return { instant, nextDay, arrivesDay: nextDay > 0n ? today + 1 : null };
}

/** GET: what moving `amount` out now does (the instant part, the next-day part and its day), before confirming. */
export async function flexOutQuote(db: DbOrTx, userId: number, text: string, c: Clock): Promise<FlexOutQuote> {
  const amount = amountOf(text);
  const today = dayOf(c.now, c.tz);
  const [[account], daily, balances] = await Promise.all([
    db.select().from(investFlexAccounts).where(eq(investFlexAccounts.userId, userId)),
    instantOutDaily(db),
    balancesOf(db, [userAccount(userId, 'yuebao')]),
  ]);
  const balance = balances.get(userAccount(userId, 'yuebao'))!;
  if (amount > balance) overBalance(balance);
  const left = instantLeft(account, daily, today);
  const s = splitOut(amount, left, today);
  return {
    amount: formatMoney(amount),
    instant: formatMoney(s.instant),
    next_day: formatMoney(s.nextDay),
    arrives_on: dayLabel(today + 1),
    instant_out_left: formatMoney(left),
  };
}

function overBalance(balance: bigint): never {
  throw new AppError('flex_out_over_balance', { field: 'amount', params: { available: formatMoney(balance) } });
}

type MoveInput = { userId: number; body: { amount: string; key: string }; now: number; tz: string };

/** Cash into the flexible balance: it earns from the next day. */
export async function flexIn(db: Db, input: MoveInput): Promise<{ result: FlexMoveResult; replayed: boolean }> {
  const { userId, now, tz } = input;
  const amount = amountOf(input.body.amount);
  const hash = requestHash('invest.flex_in', { amount: amount.toString() });
  const answer = await once(db, { userId, key: input.body.key, scope: 'invest.flex_in', hash }, async (tx) => {
    // A time-out or self-exclusion stops putting money into Yuebao, as it stops plan purchases (out stays open).
    await assertNotExcluded(tx, userId, now);
    const today = dayOf(now, tz);
    await lockAccount(tx, userId, today);
    const [move] = await tx
      .insert(investFlexMoves)
      .values({ userId, kind: 'in', amount, instant: amount, status: 'done' })
      .returning();
    await postJournals(tx, [
      {
        reference: `yeb:flex:move:${move!.id}`,
        kind: 'yuebao_in',
        transfers: [{ from: userAccount(userId, 'available'), to: userAccount(userId, 'yuebao'), amount }],
        memo: { move: move!.id },
      },
    ]);
    await tx
      .update(investFlexAccounts)
      .set({ balance: sql`${investFlexAccounts.balance} + ${amount}` })
      .where(eq(investFlexAccounts.userId, userId));
    return { move: toMove(move!), info: await flexInfo(tx, userId, { now, tz }) };
  });
  return { result: answer.value, replayed: answer.replayed };
}

/**
 * Out of the flexible balance: instantly up to what is left of the day's instant amount, the rest on the next
 * day. `instant` is the instant part the user was shown: when it no longer holds (another move took the day's
 * instant amount meanwhile) nothing moves and the user is asked to look again.
 */
export async function flexOut(
  db: Db,
  input: MoveInput & { body: { instant: string } },
): Promise<{ result: FlexMoveResult; replayed: boolean }> {
  const { userId, now, tz } = input;
  const amount = amountOf(input.body.amount);
  const shown = parseMoney(input.body.instant);
  if (shown === null) throw new AppError('invalid_request', { field: 'instant' });
  const hash = requestHash('invest.flex_out', { amount: amount.toString(), instant: shown.toString() });
  const answer = await once(db, { userId, key: input.body.key, scope: 'invest.flex_out', hash }, async (tx) => {
    const today = dayOf(now, tz);
    const a = await lockAccount(tx, userId, today);
    if (amount > a.balance) overBalance(a.balance);
    const s = splitOut(amount, instantLeft(a, await instantOutDaily(tx), today), today);
    if (s.instant !== shown) throw new AppError('flex_out_terms_changed');
    const [move] = await tx
      .insert(investFlexMoves)
      .values({
        userId,
        kind: 'out',
        amount,
        instant: s.instant,
        nextDay: s.nextDay,
        arrivesDay: s.arrivesDay,
        status: s.nextDay > 0n ? 'pending' : 'done',
      })
      .returning();
    const transfers: Transfer[] = [];
    if (s.instant > 0n)
      transfers.push({ from: userAccount(userId, 'yuebao'), to: userAccount(userId, 'available'), amount: s.instant });
    if (s.nextDay > 0n)
      transfers.push({ from: userAccount(userId, 'yuebao'), to: userAccount(userId, 'yuebao_out'), amount: s.nextDay });
    await postJournals(tx, [
      { reference: `yeb:flex:move:${move!.id}`, kind: 'yuebao_out', transfers, memo: { move: move!.id } },
    ]);
    const balance = a.balance - amount;
    await tx
      .update(investFlexAccounts)
      .set({
        balance,
        earning: a.earning < balance ? a.earning : balance,
        outDay: today,
        outInstant: (a.outDay === today ? a.outInstant : 0n) + s.instant,
      })
      .where(eq(investFlexAccounts.userId, userId));
    return { move: toMove(move!), info: await flexInfo(tx, userId, { now, tz }) };
  });
  return { result: answer.value, replayed: answer.replayed };
}

/** The user's moves, newest first. */
export async function flexMoves(db: DbOrTx, userId: number, limit = 20): Promise<FlexMove[]> {
  const rows = await db
    .select()
    .from(investFlexMoves)
    .where(eq(investFlexMoves.userId, userId))
    .orderBy(desc(investFlexMoves.id))
    .limit(limit);
  return rows.map(toMove);
}
