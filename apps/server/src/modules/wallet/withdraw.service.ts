import { afterCursor, nextCursor, offsetOf, type PageInput } from '../../platform/db/keyset.ts';
import { toldUser } from '../../platform/messaging/user-wording.ts';
import type { Decision, Refusal } from './review-decision.ts';
import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import {
  dayOf,
  dayStart,
  formatMoney,
  parseMoney,
  withdrawFee,
  type AdminWithdrawalApproval,
  type CashInfo,
  type MethodKind,
  type TimelineStep,
  type WithdrawRecord,
  type WithdrawRecordList,
} from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { once, requestHash } from '../../platform/idempotency/idempotency.service.ts';
import { balancesOf, postJournal, houseAccount, houseShard, userAccount } from '../ledger/index.ts';
import { postInboxMessage } from '../inbox/index.ts';
import { fourEyesStep } from '../operators/index.ts';
import { findUser } from '../users/index.ts';
import { refuseIfFrozen } from './account-freeze.ts';
import { assertFundPassword, assertSecondFactor } from '../auth/index.ts';
import { holdUntilOf, listMethods, mask, methodTitle } from './payment-methods.service.ts';
import { localDateTime, windowOpensAt, withinWindow } from './platform-time.ts';
import { bpToPct, loadSettings, type Settings } from './wallet-settings.ts';
import { methodHoldHours, methodHoldOf, withdrawAllowlist } from './withdraw-allowlist.ts';
import { walletHooks } from './wallet-hooks.ts';
import { fundPasswordMarks, paymentMethods, withdrawals } from './wallet.table.ts';
import { seconds } from '../../platform/time/epoch.ts';
import { countUpToCap } from '../../platform/db/capped-count.ts';
import { XACT_LOCKS } from '../../platform/db/advisory-locks.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** Notes the fund-password hash; a different one than last seen starts the hold now (see fundPasswordMarks). */
async function fundPasswordChangedAt(db: DbOrTx, userId: number, hash: string | null): Promise<number | null> {
  if (!hash) return null;
  const [mark] = await db.select().from(fundPasswordMarks).where(eq(fundPasswordMarks.userId, userId));
  if (!mark) {
    await db.insert(fundPasswordMarks).values({ userId, hashSeen: hash }).onConflictDoNothing();
    return null;
  }
  if (mark.hashSeen !== hash) {
    const [updated] = await db
      .update(fundPasswordMarks)
      .set({ hashSeen: hash, changedAt: sql`now()` })
      .where(eq(fundPasswordMarks.userId, userId))
      .returning();
    return seconds(updated!.changedAt);
  }
  return seconds(mark.changedAt);
}

/**
 * The user-wide hold: after a change of the login or the fund password, or after the last second factor was
 * turned off. Null when none is running.
 */
export async function userHoldUntil(
  db: DbOrTx,
  userId: number,
  settings: Settings,
  now: number,
): Promise<number | null> {
  const user = await findUser(db, userId);
  if (!user) throw new AppError('user_not_found');
  const hold = settings.holdHours * 3600;
  const candidates: number[] = [];
  const loginChanged = loginPasswordChangedAt(user);
  if (loginChanged !== null) candidates.push(loginChanged + hold);
  const fundChanged = await fundPasswordChangedAt(db, userId, user.fundPasswordHash);
  if (fundChanged !== null) candidates.push(fundChanged + hold);
  if (user.secondFactorOffAt) candidates.push(seconds(user.secondFactorOffAt) + hold);
  const until = Math.max(0, ...candidates);
  return hold > 0 && until > now ? until : null;
}

/**
 * When the login password was last changed, or null while it is still the one chosen at registration. Both
 * columns take the same now() when the account is created, so any later change, even in the same second,
 * makes them differ.
 */
export function loginPasswordChangedAt(user: { passwordChangedAt: Date; createdAt: Date }): number | null {
  return user.passwordChangedAt.getTime() > user.createdAt.getTime() ? seconds(user.passwordChangedAt) : null;
}

async function todayUsage(db: DbOrTx, userId: number, now: number, tz: string) {
  const todayStart = new Date(dayStart(dayOf(now, tz), tz) * 1000);
  const [row] = await db
    .select({ n: count(), sum: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(
      and(eq(withdrawals.userId, userId), inArray(withdrawals.status, [1, 3]), gte(withdrawals.createdAt, todayStart)),
    );
  return { count: Number(row?.n ?? 0), amount: BigInt(row?.sum ?? '0') };
}

export async function cashInfo(db: Db, userId: number, now: number, tz: string): Promise<CashInfo> {
  const settings = await loadSettings(db);
  const user = await findUser(db, userId);
  if (!user) throw new AppError('user_not_found');
  const allowlist = await withdrawAllowlist(db, userId, settings);
  const [usage, balances, destinations, holdUntil] = await Promise.all([
    todayUsage(db, userId, now, tz),
    balancesOf(db, [userAccount(userId, 'available')]),
    listMethods(db, userId, methodHoldOf(allowlist, settings).hours),
    userHoldUntil(db, userId, settings, now),
  ]);
  const remainingAmount = settings.withdrawDailyAmount - usage.amount;
  return {
    min: formatMoney(settings.withdrawMin),
    max: formatMoney(settings.withdrawMax),
    fee_pct: bpToPct(settings.withdrawFeeBp),
    fee_min: formatMoney(settings.withdrawFeeMin),
    window: {
      from: settings.withdrawFrom,
      to: settings.withdrawTo,
      time_zone: tz,
      open: withinWindow(now, tz, settings.withdrawFrom, settings.withdrawTo),
      opens_at: windowOpensAt(now, tz, settings.withdrawFrom, settings.withdrawTo),
    },
    daily_count: settings.withdrawDailyCount,
    used_count: usage.count,
    remaining_count: Math.max(0, settings.withdrawDailyCount - usage.count),
    daily_amount: formatMoney(settings.withdrawDailyAmount),
    remaining_amount: formatMoney(remainingAmount > 0n ? remainingAmount : 0n),
    available: formatMoney(balances.get(userAccount(userId, 'available'))!),
    has_fund_password: user.fundPasswordHash !== null,
    second_factor: user.secondFactorOnAt !== null,
    anti_phishing_code: user.antiPhishingCode,
    hold_until: holdUntil,
    hold_hours: settings.holdHours,
    allowlist,
    destinations,
  };
}

const MISSING: Record<
  MethodKind,
  'bind_bank_card_first' | 'set_alipay_first' | 'set_wechat_first' | 'bind_wallet_first'
> = {
  bank: 'bind_bank_card_first',
  alipay: 'set_alipay_first',
  wechat: 'set_wechat_first',
  crypto: 'bind_wallet_first',
};

export type SubmitInput = {
  userId: number;
  ip: string;
  methodId?: number | undefined;
  kind?: MethodKind | undefined;
  amount: string;
  fundPassword: string;
  secondFactorCode?: string | undefined;
  key: string;
  now: number;
  tz: string;
};

/**
 * Submits a withdrawal: the rules are checked in the order the form shows them (destination, amount, hours,
 * holds, fund password), then, under the user's lock, today's count and amount; the amount moves from
 * available to frozen in one journal written with the record (status 3). A balance that cannot cover it
 * makes the database refuse the whole transaction.
 */
export async function submitWithdrawal(db: Db, input: SubmitInput): Promise<WithdrawRecord> {
  await refuseIfFrozen(db, input.userId);
  const settings = await loadSettings(db);
  const amount = parseMoney(input.amount);
  if (amount === null || amount <= 0n) throw new AppError('invalid_request', { field: 'amount' });

  const kind: MethodKind = input.kind ?? 'bank';
  const live = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.userId, input.userId),
        isNull(paymentMethods.removedAt),
        input.methodId ? eq(paymentMethods.id, input.methodId) : eq(paymentMethods.kind, kind),
      ),
    )
    .orderBy(paymentMethods.id)
    .limit(1);
  const method = live[0];
  if (!method) {
    if (input.methodId) throw new AppError('no_data', { field: 'method_id' });
    throw new AppError(MISSING[kind]);
  }
  if (amount < settings.withdrawMin || amount > settings.withdrawMax) {
    throw new AppError('withdraw_amount_limit', {
      field: 'amount',
      params: { min: formatMoney(settings.withdrawMin), max: formatMoney(settings.withdrawMax) },
    });
  }
  const opensAt = windowOpensAt(input.now, input.tz, settings.withdrawFrom, settings.withdrawTo);
  if (opensAt !== null) {
    // opens_at lets the app name the moment in the reader's own zone and format, as its banner does.
    throw new AppError('withdraw_time_limit', {
      params: { from: settings.withdrawFrom, to: settings.withdrawTo, opens_at: opensAt },
    });
  }
  const userHold = await userHoldUntil(db, input.userId, settings, input.now);
  const methodHold = await methodHoldHours(db, input.userId, settings);
  const methodUntil = methodHold.hours > 0 ? holdUntilOf(method, methodHold.hours) : null;
  const holds = [userHold, methodUntil].filter((x): x is number => x !== null);
  if (holds.length) {
    const until = Math.max(...holds);
    // The user's own allow-list is named when it is what holds this method, so they know why and for how long.
    const byAllowlist =
      methodHold.allowlist && until === methodUntil && holdUntilOf(method, settings.holdHours) !== until;
    throw new AppError(byAllowlist ? 'withdraw_allowlist_hold' : 'withdraw_on_hold', {
      params: { until: `${localDateTime(until, input.tz)} (${input.tz})`, until_ts: until },
    });
  }
  await assertFundPassword(db, { userId: input.userId, ip: input.ip, password: input.fundPassword });
  await assertSecondFactor(db, { user: input.userId, ip: input.ip, code: input.secondFactorCode });

  const fee = withdrawFee(amount, settings.withdrawFeeBp, settings.withdrawFeeMin);
  const hash = requestHash('wallet.withdraw', { m: method.id, a: amount.toString() });
  const answer = await once(
    db,
    { userId: input.userId, key: input.key, scope: 'wallet.withdraw', hash },
    async (tx) => {
      // Serialises this user's withdrawals and method removals, so the daily limits hold under concurrency.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${XACT_LOCKS.userPayouts}, ${input.userId}::int)`);
      await refuseIfFrozen(tx, input.userId);
      const [still] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.id, method.id), isNull(paymentMethods.removedAt)));
      if (!still) throw new AppError('no_data', { field: 'method_id' });
      const usage = await todayUsage(tx, input.userId, input.now, input.tz);
      if (usage.count >= settings.withdrawDailyCount) throw new AppError('withdraw_times_limit');
      const remaining = settings.withdrawDailyAmount - usage.amount;
      if (amount > remaining)
        throw new AppError('withdraw_daily_amount_limit', {
          params: { remaining: formatMoney(remaining > 0n ? remaining : 0n) },
        });
      const [row] = await tx
        .insert(withdrawals)
        .values({
          userId: input.userId,
          methodId: method.id,
          kind: method.kind,
          destination: `${methodTitle(method)} ${mask(method.account)}`,
          amount,
          fee,
          received: amount - fee,
        })
        .returning();
      await postJournal(tx, {
        reference: `withdrawal:${row!.id}:freeze`,
        kind: 'withdrawal_freeze',
        transfers: [{ from: userAccount(input.userId, 'available'), to: userAccount(input.userId, 'frozen'), amount }],
        memo: { withdrawal: row!.id },
      });
      await walletHooks.withdrawalSubmitted.emit(tx, {
        id: row!.id,
        userId: input.userId,
        amount,
        methodId: method.id,
      });
      return toWithdrawRecord(row!);
    },
  );
  return answer.value;
}

export function withdrawTimeline(w: WithdrawalRow): TimelineStep[] {
  const steps: TimelineStep[] = [{ step: 'submitted', at: seconds(w.createdAt)!, by: null, note: null }];
  if (w.firstApprovedAt)
    steps.push({ step: 'reviewed', at: seconds(w.firstApprovedAt)!, by: w.firstApprovedBy, note: null });
  if (w.status === 1) steps.push({ step: 'paid', at: seconds(w.reviewedAt)!, by: w.reviewedBy, note: null });
  if (w.status === 2) {
    steps.push({ step: 'refused', at: seconds(w.reviewedAt)!, by: w.reviewedBy, note: w.reason });
    steps.push({ step: 'refunded', at: seconds(w.reviewedAt)!, by: null, note: null });
  }
  return steps;
}

export function toWithdrawRecord(w: WithdrawalRow): WithdrawRecord {
  return {
    id: w.id,
    status: w.status as WithdrawRecord['status'],
    kind: w.kind as MethodKind,
    destination: w.destination,
    amount: formatMoney(w.amount),
    fee: formatMoney(w.fee),
    received: formatMoney(w.received),
    reason: w.status === 2 ? w.reason : null,
    created_at: seconds(w.createdAt)!,
    timeline: withdrawTimeline(w),
  };
}

export async function withdrawRecords(
  db: DbOrTx,
  userId: number,
  q: PageInput & { id?: number | undefined },
): Promise<WithdrawRecordList> {
  const filter = and(eq(withdrawals.userId, userId), q.id ? eq(withdrawals.id, q.id) : undefined);
  const rows = await db
    .select()
    .from(withdrawals)
    .where(and(filter, afterCursor(withdrawals.id, q)))
    .orderBy(desc(withdrawals.id))
    .limit(q.size)
    .offset(offsetOf(q));
  if (q.id && rows.length === 0) throw new AppError('no_data');
  const counted = await countUpToCap(db, withdrawals, filter);
  return {
    items: rows.map(toWithdrawRecord),
    ...counted,
    page: q.page,
    next: nextCursor(rows, q.size),
  };
}

// ---------- operator review ----------

async function lockWithdrawal(tx: Tx, id: number) {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  if (!row) throw new AppError('no_data');
  if (row.status !== 3) throw new AppError('review_already_decided');
  return row;
}

/**
 * Approves a withdrawal (it has been paid out): frozen goes to the house's withdrawals account, the fee to
 * fees. Above the four-eyes threshold the first approval is recorded and a second, different operator
 * completes it while the first still counts (`fourEyesStep`).
 */
export async function approveWithdrawal(db: Db, d: Decision): Promise<AdminWithdrawalApproval> {
  const settings = await loadSettings(db);
  return db.transaction(async (tx) => {
    const row = await lockWithdrawal(tx, d.id);
    const ip = d.ip ? { ip: d.ip } : {};
    if (row.amount > settings.fourEyesAbove) {
      const look = await fourEyesStep(tx, { first: row.firstApprovedBy, by: d.operator, permission: 'money.review' });
      if (look.step === 'first') {
        const [updated] = await tx
          .update(withdrawals)
          .set({ firstApprovedBy: d.operator, firstApprovedAt: sql`now()` })
          .where(eq(withdrawals.id, row.id))
          .returning();
        await audit(tx, {
          operator: d.operator,
          action: 'withdrawal.approve_first',
          target: `withdrawal:${row.id}`,
          reason: d.reason,
          ...(look.lapsed ? { details: { lapsed: look.lapsed } } : {}),
          ...ip,
        });
        return { record: toWithdrawRecord(updated!), waiting_for_second: true };
      }
    }
    const frozen = userAccount(row.userId, 'frozen');
    const transfers = [{ from: frozen, to: houseAccount('withdrawals'), amount: row.received }];
    if (row.fee > 0n) transfers.push({ from: frozen, to: houseShard('fees', row.userId), amount: row.fee });
    await postJournal(tx, {
      reference: `withdrawal:${row.id}:paid`,
      kind: 'withdrawal_paid',
      transfers,
      memo: { withdrawal: row.id },
    });
    const [updated] = await tx
      .update(withdrawals)
      .set({ status: 1, reviewedBy: d.operator, reviewedAt: sql`now()`, reason: d.reason })
      .where(eq(withdrawals.id, row.id))
      .returning();
    await postInboxMessage(tx, {
      userId: row.userId,
      kind: 'withdrawal_approved',
      params: { amount: formatMoney(row.amount), received: formatMoney(row.received) },
      reference: `withdrawal:${row.id}:approved`,
    });
    await audit(tx, {
      operator: d.operator,
      action: 'withdrawal.approve',
      target: `withdrawal:${row.id}`,
      reason: d.reason,
      details: { amount: formatMoney(row.amount) },
      ...ip,
    });
    return { record: toWithdrawRecord(updated!), waiting_for_second: false };
  });
}

/** Refuses a withdrawal: the full amount (fee included) goes back to available, with the reason shown. */
export async function refuseWithdrawal(db: Db, d: Refusal): Promise<WithdrawRecord> {
  return db.transaction(async (tx) => {
    const row = await lockWithdrawal(tx, d.id);
    const told = await toldUser(tx, d.wording, row.userId, d.reason);
    await postJournal(tx, {
      reference: `withdrawal:${row.id}:refund`,
      kind: 'withdrawal_refund',
      transfers: [
        { from: userAccount(row.userId, 'frozen'), to: userAccount(row.userId, 'available'), amount: row.amount },
      ],
      memo: { withdrawal: row.id },
    });
    const [updated] = await tx
      .update(withdrawals)
      .set({ status: 2, reviewedBy: d.operator, reviewedAt: sql`now()`, reason: told.text })
      .where(eq(withdrawals.id, row.id))
      .returning();
    await postInboxMessage(tx, {
      userId: row.userId,
      kind: 'withdrawal_refused',
      params: { amount: formatMoney(row.amount), reason: told.text },
      reference: `withdrawal:${row.id}:refused`,
    });
    await audit(tx, {
      operator: d.operator,
      action: 'withdrawal.refuse',
      target: `withdrawal:${row.id}`,
      reason: d.reason,
      ...(d.wording ? { details: told.audited } : {}),
      ...(d.ip ? { ip: d.ip } : {}),
    });
    return toWithdrawRecord(updated!);
  });
}
