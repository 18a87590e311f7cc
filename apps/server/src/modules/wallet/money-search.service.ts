import { and, count, desc, eq, gte, ilike, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  parseMoney,
  type AdminDeposit,
  type AdminWithdrawal,
  type AdminWithdrawalDetail,
  type MethodKind,
} from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findUser, accountOf, userIs } from '../users/index.ts';
import { verifiedRealName } from '../kyc/index.ts';
import { tradingSince } from '../orders/index.ts';
import { formatMoney } from '@app/contracts';
import { holdUntilOf, methodTitle } from './payment-methods.service.ts';
import { toRecord } from './recharge.service.ts';
import { loadSettings } from './wallet-settings.ts';
import { deposits, fundPasswordMarks, paymentMethods, withdrawals } from './wallet.table.ts';
import { loginPasswordChangedAt, toWithdrawRecord, userHoldUntil } from './withdraw.service.ts';
import { methodHoldHours } from './withdraw-allowlist.ts';
import { lastCreditedDeposit } from './risk-facts.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';
import { seconds } from '../../platform/time/epoch.ts';

/**
 * The operators' searches over deposits and withdrawals: the review queues are the same search with a status.
 * Amounts are typed in U and compared in minor units; times are unix seconds, `from` inclusive, `to` exclusive.
 */
type Range = {
  /** Only these rows (an export of the rows an operator selected). */
  ids?: number[] | undefined;
  user?: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
};
export type DepositSearch = Range & {
  id?: number | undefined;
  status?: number | undefined;
  reference?: string | undefined;
};
export type WithdrawalSearch = Range & {
  id?: number | undefined;
  status?: number | undefined;
  destination?: string | undefined;
};
export type Paging = { limit: number; offset: number };

function rangeOf(table: typeof deposits | typeof withdrawals, f: Range): (SQL | undefined)[] {
  return [
    f.ids !== undefined ? inArray(table.id, f.ids) : undefined,
    f.user ? userIs(f.user, table.userId) : undefined,
    f.min !== undefined ? gte(table.amount, parseMoney(f.min)!) : undefined,
    f.max !== undefined ? lte(table.amount, parseMoney(f.max)!) : undefined,
    f.from !== undefined ? gte(table.createdAt, new Date(f.from * 1000)) : undefined,
    f.to !== undefined ? lt(table.createdAt, new Date(f.to * 1000)) : undefined,
  ];
}

const depositWhere = (f: DepositSearch) =>
  and(
    eq(deposits.class, 0),
    f.id !== undefined ? eq(deposits.id, f.id) : undefined,
    f.status !== undefined ? eq(deposits.status, f.status) : undefined,
    f.reference ? sql`upper(${deposits.referenceCode}) = upper(${f.reference})` : undefined,
    ...rangeOf(deposits, f),
  );

/**
 * Self-service deposits matching the search, with the flags a reviewer needs (the same screenshot or transfer
 * note on another deposit). The queue of one status is oldest first (worked in order); a search is newest first.
 */
export async function searchDeposits(db: DbOrTx, f: DepositSearch, page: Paging) {
  const where = depositWhere(f);
  const queue = f.status === 3 || f.status === 4;
  const [rows, [total]] = await Promise.all([
    db
      .select({ d: deposits, account: accountOf(deposits.userId) })
      .from(deposits)
      .where(where)
      .orderBy(queue ? deposits.id : desc(deposits.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(deposits).where(where),
  ]);
  const items: AdminDeposit[] = [];
  for (const { d, account } of rows) {
    const sameImage = d.imageSha256
      ? await db
          .select({ id: deposits.id })
          .from(deposits)
          .where(and(eq(deposits.imageSha256, d.imageSha256), ne(deposits.id, d.id)))
          .limit(5)
      : [];
    const sameNote = d.transferNote
      ? await db
          .select({ id: deposits.id })
          .from(deposits)
          .where(
            and(sql`lower(trim(${deposits.transferNote})) = lower(trim(${d.transferNote}))`, ne(deposits.id, d.id)),
          )
          .limit(5)
      : [];
    items.push({
      ...toRecord(d),
      user_id: d.userId,
      account,
      reviewed_by: d.reviewedBy,
      first_approved_by: d.firstApprovedBy,
      flags: { same_image_as: sameImage.map((r) => r.id), same_transfer_note_as: sameNote.map((r) => r.id) },
    });
  }
  return { items, total: Number(total?.n ?? 0) };
}

const withdrawalWhere = (f: WithdrawalSearch) =>
  and(
    f.id !== undefined ? eq(withdrawals.id, f.id) : undefined,
    f.status !== undefined ? eq(withdrawals.status, f.status) : undefined,
    f.destination
      ? sql`${withdrawals.methodId} in (select ${paymentMethods.id} from ${paymentMethods} where ${ilike(paymentMethods.account, `%${escapeLike(f.destination)}%`)})`
      : undefined,
    ...rangeOf(withdrawals, f),
  );

type MethodRow = typeof paymentMethods.$inferSelect;
const payTo = (m: MethodRow | undefined): AdminWithdrawal['pay_to'] =>
  // Operators pay out, so they see the full destination.
  m
    ? { kind: m.kind as MethodKind, title: methodTitle(m), account: m.account, holder: m.holder, branch: m.branch }
    : null;

/** Withdrawals matching the search, each with where to pay it. Oldest first for the queue, else newest first. */
export async function searchWithdrawals(db: DbOrTx, f: WithdrawalSearch, page: Paging) {
  const where = withdrawalWhere(f);
  const [rows, [total]] = await Promise.all([
    db
      .select({ w: withdrawals, account: accountOf(withdrawals.userId) })
      .from(withdrawals)
      .where(where)
      .orderBy(f.status === 3 ? withdrawals.id : desc(withdrawals.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  const methodIds = rows.map((r) => r.w.methodId);
  const methods = methodIds.length
    ? await db.select().from(paymentMethods).where(inArray(paymentMethods.id, methodIds))
    : [];
  const byId = new Map(methods.map((m) => [m.id, m]));
  return {
    items: rows.map(({ w, account }) => ({
      ...toWithdrawRecord(w),
      user_id: w.userId,
      account,
      first_approved_by: w.firstApprovedBy,
      pay_to: payTo(byId.get(w.methodId)),
    })),
    total: Number(total?.n ?? 0),
  };
}

const SECURITY_WINDOW_DAYS = 30;

/**
 * One withdrawal for its reviewer: the destination with the date it was bound, the holds running on the user
 * and on that destination, and the user's security changes of the last 30 days (passwords, destinations).
 */
export async function withdrawalDetail(db: DbOrTx, id: number, now: number): Promise<AdminWithdrawalDetail> {
  const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w) throw new AppError('no_data');
  const user = await findUser(db, w.userId);
  if (!user) throw new AppError('user_not_found');
  const settings = await loadSettings(db);
  const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, w.methodId));
  const holds: AdminWithdrawalDetail['holds'] = [];
  const userHold = await userHoldUntil(db, w.userId, settings, now);
  if (userHold !== null) holds.push({ kind: 'password_change', until: userHold });
  const hours = (await methodHoldHours(db, w.userId, settings)).hours;
  const methodHold = method && !method.removedAt ? holdUntilOf(method, hours) : null;
  if (methodHold !== null) holds.push({ kind: 'new_destination', until: methodHold });

  const since = now - SECURITY_WINDOW_DAYS * 86_400;
  const changes: AdminWithdrawalDetail['security_changes'] = [];
  const loginChanged = loginPasswordChangedAt(user);
  if (loginChanged !== null && loginChanged >= since)
    changes.push({ kind: 'login_password', at: loginChanged, detail: null });
  const [fund] = await db.select().from(fundPasswordMarks).where(eq(fundPasswordMarks.userId, w.userId));
  if (fund?.changedAt && seconds(fund.changedAt) >= since)
    changes.push({ kind: 'fund_password', at: seconds(fund.changedAt), detail: null });
  const methods = await db.select().from(paymentMethods).where(eq(paymentMethods.userId, w.userId));
  for (const m of methods) {
    const label = `${methodTitle(m)} ${m.account}`;
    if (seconds(m.createdAt) >= since) changes.push({ kind: 'method_added', at: seconds(m.createdAt), detail: label });
    if (m.removedAt && seconds(m.removedAt) >= since)
      changes.push({ kind: 'method_removed', at: seconds(m.removedAt), detail: label });
  }
  changes.sort((a, b) => b.at - a.at);

  const lastDeposit = await lastCreditedDeposit(db, w.userId);
  const [trading, realName] = await Promise.all([
    tradingSince(db, w.userId, seconds(lastDeposit?.at ?? user.createdAt)),
    verifiedRealName(db, w.userId),
  ]);

  return {
    withdrawal: {
      ...toWithdrawRecord(w),
      user_id: w.userId,
      account: user.account,
      first_approved_by: w.firstApprovedBy,
      pay_to: payTo(method),
    },
    bound_at: method ? seconds(method.createdAt) : null,
    holds,
    locked: user.locked,
    security_changes: changes,
    real_name: realName,
    since_last_deposit: {
      deposit: lastDeposit
        ? { id: lastDeposit.id, amount: formatMoney(lastDeposit.amount), at: seconds(lastDeposit.at) }
        : null,
      orders: trading.orders,
      staked: formatMoney(trading.staked),
      net: formatMoney(trading.net),
    },
  };
}
