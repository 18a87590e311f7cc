import { afterCursor, nextCursor, offsetOf, type PageInput } from '../../platform/db/keyset.ts';
import { and, asc, count, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  accruedAfter,
  bpToRate,
  formatMoney,
  parseMoney,
  type AccrualList,
  type AppendBody,
  type HoldingList,
  type InvestResult,
  type JoinBody,
  type KeepBody,
  type PlanDetail,
  type PlanFilter,
  type PlanList,
  type ProjectOrderList,
  type StopBody,
  type StopQuote,
  type StopResult,
  type YuebaoInfo,
} from '@app/contracts';
import { assertNotExcluded } from '../limits/index.ts';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { balancesOf, postJournals, type JournalInput, houseShard, userAccount } from '../ledger/index.ts';
import { once, requestHash } from '../../platform/idempotency/idempotency.service.ts';
import { accrueLots } from './accrual.service.ts';
import { postInboxMessage } from '../inbox/index.ts';
import { dayLabel, dayOf } from '@app/contracts';
import { investAccruals, investHoldings, investLots, investOrders, investPlans } from './invest.table.ts';
import {
  phaseOf,
  toHolding,
  toPlan,
  toProjectOrder,
  type HoldingRow,
  type LotRow,
  type PlanRow,
} from './invest-view.ts';
import { countUpToCap } from '../../platform/db/capped-count.ts';
import { uniqueViolation } from '../../platform/db/unique-violation.ts';

export type Clock = { now: number; tz: string };

// ---------- plans ----------

export async function listPlans(
  db: DbOrTx,
  q: { filter: PlanFilter; page: number; size: number },
  now: number,
): Promise<PlanList> {
  const ended = sql`(${investPlans.state} = 'closed' or ${investPlans.subscribeTo} <= ${now})`;
  const where = q.filter === 'ended' ? ended : q.filter === 'active' ? sql`not ${ended}` : undefined;
  const rows = await db
    .select()
    .from(investPlans)
    .where(where)
    .orderBy(sql`${ended}`, asc(investPlans.sort), desc(investPlans.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [total] = await db.select({ n: count() }).from(investPlans).where(where);
  return { items: rows.map((p) => toPlan(p, now)), total: Number(total?.n ?? 0), page: q.page };
}

async function findPlan(db: DbOrTx, id: number): Promise<PlanRow> {
  const [plan] = await db.select().from(investPlans).where(eq(investPlans.id, id));
  if (!plan) throw new AppError('plan_not_found');
  return plan;
}

export async function planDetail(db: DbOrTx, userId: number, planId: number, c: Clock): Promise<PlanDetail> {
  const plan = await findPlan(db, planId);
  const [live] = await db
    .select()
    .from(investHoldings)
    .where(and(eq(investHoldings.userId, userId), eq(investHoldings.planId, planId), ne(investHoldings.status, 2)));
  const offer = plan.state === 'closed' ? null : plan.rateBp;
  const holding = live ? toHolding(live, await lotsOf(db, [live.id]), dayOf(c.now, c.tz), c.tz, offer) : null;
  return { plan: toPlan(plan, c.now), holding, time_zone: c.tz };
}

// ---------- holdings ----------

async function lotsOf(db: DbOrTx, holdingIds: number[]): Promise<LotRow[]> {
  if (holdingIds.length === 0) return [];
  return db.select().from(investLots).where(inArray(investLots.holdingId, holdingIds)).orderBy(asc(investLots.id));
}

/** Locks the user's holding and its lots (in that order), and credits any completed day not credited yet. */
async function lockHolding(tx: Tx, userId: number, holdingId: number, today: number) {
  const [holding] = await tx
    .select()
    .from(investHoldings)
    .where(and(eq(investHoldings.id, holdingId), eq(investHoldings.userId, userId)))
    .for('update');
  if (!holding) throw new AppError('no_data');
  if (holding.status === 2) throw new AppError('holding_not_active');
  const locked = await tx
    .select()
    .from(investLots)
    .where(eq(investLots.holdingId, holdingId))
    .orderBy(asc(investLots.id))
    .for('update');
  const open = locked.filter((l) => l.open === 1).map((l) => l.id);
  if (open.length) await accrueLots(tx, today, { lotIds: open, limit: open.length });
  return { holding, lots: await lotsOf(tx, [holdingId]) };
}

/** Reserves capacity atomically: `invested + amount <= cap` in the UPDATE itself. */
async function reserve(tx: Tx, planId: number, amount: bigint, buyer: boolean): Promise<PlanRow> {
  // A buy needs the plan open (re-checked here, in the same statement that takes the room); a top-up of a
  // live holding only needs the plan not closed.
  const open = buyer ? sql`${investPlans.state} = 'active'` : sql`${investPlans.state} <> 'closed'`;
  const [row] = await tx
    .update(investPlans)
    .set({
      invested: sql`${investPlans.invested} + ${amount}`,
      purchasedCount: buyer ? sql`${investPlans.purchasedCount} + 1` : sql`${investPlans.purchasedCount}`,
    })
    .where(and(eq(investPlans.id, planId), open, sql`${investPlans.invested} + ${amount} <= ${investPlans.cap}`))
    .returning();
  if (row) return row;
  const plan = await findPlan(tx, planId);
  if (plan.state === 'closed') throw new AppError('plan_ended');
  if (buyer && plan.state === 'paused') throw new AppError('plan_paused');
  const remaining = plan.cap - plan.invested;
  if (remaining < plan.minAmount) throw new AppError('plan_sold_out');
  throw new AppError('plan_over_remaining', { field: 'amount', params: { remaining: formatMoney(remaining) } });
}

function amountOf(text: string): bigint {
  const amount = parseMoney(text);
  if (amount === null || amount <= 0n) throw new AppError('invalid_request', { field: 'amount' });
  return amount;
}

async function record(
  tx: Tx,
  h: HoldingRow,
  kind: string,
  reference: string,
  v: { amount?: bigint; interest?: bigint; forfeited?: bigint },
) {
  const [row] = await tx
    .insert(investOrders)
    .values({
      userId: h.userId,
      holdingId: h.id,
      planId: h.planId,
      title: h.title,
      kind,
      reference,
      amount: v.amount ?? 0n,
      interest: v.interest ?? 0n,
      forfeited: v.forfeited ?? 0n,
    })
    .returning();
  return toProjectOrder(row!);
}

/** /api/user/yebjoinnow: buys a plan. The terms are copied into the holding; principal moves to the plan bucket. */
export async function join(
  db: Db,
  input: { userId: number; body: JoinBody & { id: number; key: string }; now: number; tz: string },
): Promise<{ result: InvestResult; replayed: boolean }> {
  const { userId, now, tz } = input;
  const amount = amountOf(input.body.amount);
  const plan = await findPlan(db, input.body.id);
  const phase = phaseOf(plan, now);
  if (phase === 'upcoming') throw new AppError('plan_not_started');
  if (phase === 'ended') throw new AppError('plan_ended');
  if (phase === 'paused') throw new AppError('plan_paused');
  if (phase === 'sold_out') throw new AppError('plan_sold_out');
  if (amount < plan.startAmount)
    throw new AppError('plan_amount_min', { field: 'amount', params: { min: formatMoney(plan.startAmount) } });
  if (plan.personalCap !== null && amount > plan.personalCap) {
    throw new AppError('plan_personal_cap', { field: 'amount', params: { max: formatMoney(plan.personalCap) } });
  }
  const hash = requestHash('invest.join', { plan: plan.id, amount: amount.toString() });
  try {
    const answer = await once(db, { userId, key: input.body.key, scope: 'invest.join', hash }, async (tx) => {
      // A time-out or self-exclusion stops plan purchases, checked with the purchase.
      await assertNotExcluded(tx, userId, now);
      const [existing] = await tx
        .select({ id: investHoldings.id })
        .from(investHoldings)
        .where(
          and(eq(investHoldings.userId, userId), eq(investHoldings.planId, plan.id), ne(investHoldings.status, 2)),
        );
      if (existing) throw new AppError('plan_already_investing', { params: { holding_id: existing.id } });
      const p = await reserve(tx, plan.id, amount, true);
      const today = dayOf(now, tz);
      const status = p.committedAmount !== null && amount < p.committedAmount ? 3 : 1;
      const [h] = await tx
        .insert(investHoldings)
        .values({
          userId,
          planId: p.id,
          title: p.title,
          status,
          rateBp: p.rateBp,
          expectedRateBp: p.expectedRateBp,
          periodDays: p.periodDays,
          earlyExitRateBp: p.earlyExitRateBp,
          shareType: p.shareType,
          committedAmount: p.committedAmount,
          minAmount: p.minAmount,
          personalCap: p.personalCap,
          firstDay: today + 1,
          lastDay: today + p.periodDays,
        })
        .returning();
      const [lot] = await tx
        .insert(investLots)
        .values({
          holdingId: h!.id,
          userId,
          kind: 'buy',
          principal: amount,
          rateBp: p.rateBp,
          firstDay: today + 1,
          lastDay: h!.lastDay,
          accruedThrough: today,
        })
        .returning();
      const reference = `yeb:h:${h!.id}:buy`;
      await postJournals(tx, [
        {
          reference,
          kind: 'plan_buy',
          transfers: [{ from: userAccount(userId, 'available'), to: userAccount(userId, 'plan'), amount }],
          memo: { holding: h!.id, plan: p.id },
        },
      ]);
      const order = await record(tx, h!, 'buy', reference, { amount });
      return { holding: toHolding(h!, [lot!], today, tz), order };
    });
    return { result: answer.value, replayed: answer.replayed };
  } catch (error) {
    if (uniqueViolation(error) === 'invest_holdings_live_key') throw new AppError('plan_already_investing');
    throw error;
  }
}

/** /api/user/yebappend: a top-up is a lot of its own, earning from the next day to the holding's last day. */
export async function append(
  db: Db,
  input: { userId: number; body: AppendBody & { id: number; key: string }; now: number; tz: string },
): Promise<{ result: InvestResult; replayed: boolean }> {
  const { userId, now, tz } = input;
  const amount = amountOf(input.body.amount);
  const hash = requestHash('invest.append', { holding: input.body.id, amount: amount.toString() });
  const answer = await once(db, { userId, key: input.body.key, scope: 'invest.append', hash }, async (tx) => {
    // A time-out or self-exclusion stops plan purchases, checked with the purchase.
    await assertNotExcluded(tx, userId, now);
    const today = dayOf(now, tz);
    const { holding: h, lots } = await lockHolding(tx, userId, input.body.id, today);
    if (today >= h.lastDay) throw new AppError('plan_topup_too_late');
    if (amount < h.minAmount)
      throw new AppError('plan_amount_min', { field: 'amount', params: { min: formatMoney(h.minAmount) } });
    const open = lots.filter((l) => l.open === 1);
    const principal = open.reduce((s, l) => s + l.principal, 0n) + amount;
    if (h.personalCap !== null && principal > h.personalCap) {
      throw new AppError('plan_personal_cap', { field: 'amount', params: { max: formatMoney(h.personalCap) } });
    }
    const plan = await findPlan(tx, h.planId);
    if (plan.state === 'closed') throw new AppError('plan_ended');
    await reserve(tx, h.planId, amount, false);
    const [lot] = await tx
      .insert(investLots)
      .values({
        holdingId: h.id,
        userId,
        kind: 'topup',
        principal: amount,
        rateBp: h.rateBp,
        firstDay: today + 1,
        lastDay: h.lastDay,
        accruedThrough: today,
      })
      .returning();
    const reference = `yeb:lot:${lot!.id}:topup`;
    const journals: JournalInput[] = [
      {
        reference,
        kind: 'plan_topup',
        transfers: [{ from: userAccount(userId, 'available'), to: userAccount(userId, 'plan'), amount }],
        memo: { holding: h.id, lot: lot!.id },
      },
    ];
    let holding = h;
    let payout: bigint = 0n;
    if (h.status === 3 && h.committedAmount !== null && principal >= h.committedAmount) {
      // The committed amount is reached: the holding earns normally, and daily-paid interest held so far is released.
      [holding] = (await tx
        .update(investHoldings)
        .set({ status: 1 })
        .where(eq(investHoldings.id, h.id))
        .returning()) as [HoldingRow];
      if (h.shareType === 'daily') {
        payout = open.reduce((s, l) => s + l.held, 0n);
        if (payout > 0n) {
          journals.push({
            reference: `yeb:h:${h.id}:release:${lot!.id}`,
            kind: 'plan_payout',
            transfers: [
              { from: userAccount(userId, 'plan_interest'), to: userAccount(userId, 'available'), amount: payout },
            ],
            memo: { holding: h.id },
          });
          await tx
            .update(investLots)
            .set({ held: 0n })
            .where(and(eq(investLots.holdingId, h.id), eq(investLots.open, 1)));
        }
      }
    }
    await postJournals(tx, journals);
    const order = await record(tx, holding, 'topup', reference, { amount });
    if (payout > 0n) await record(tx, holding, 'payout', `yeb:h:${h.id}:release:${lot!.id}`, { interest: payout });
    return { holding: toHolding(holding, await lotsOf(tx, [h.id]), today, tz), order };
  });
  return { result: answer.value, replayed: answer.replayed };
}

/** /api/user/yebkeep: opt in to (or out of) renewal at maturity, at the plan's rate stated now. */
export async function keep(
  db: Db,
  input: { userId: number; body: KeepBody & { id: number; key: string; renew: '0' | '1' }; now: number; tz: string },
): Promise<{ result: InvestResult; replayed: boolean }> {
  const { userId, now, tz } = input;
  const hash = requestHash('invest.keep', { holding: input.body.id, renew: input.body.renew });
  const answer = await once(db, { userId, key: input.body.key, scope: 'invest.keep', hash }, async (tx) => {
    // A time-out or self-exclusion stops opting in to renewal (opting out stays open).
    if (input.body.renew === '1') await assertNotExcluded(tx, userId, now);
    const today = dayOf(now, tz);
    const { holding: h } = await lockHolding(tx, userId, input.body.id, today);
    const on = input.body.renew === '1';
    let rate: number | null = null;
    if (on) {
      const plan = await findPlan(tx, h.planId);
      if (h.status !== 1 || plan.state === 'closed' || today > h.lastDay) throw new AppError('plan_renew_unavailable');
      rate = plan.rateBp;
    }
    const [holding] = await tx
      .update(investHoldings)
      .set({ renew: on ? 1 : 0, renewRateBp: rate })
      .where(eq(investHoldings.id, h.id))
      .returning();
    return { holding: toHolding(holding!, await lotsOf(tx, [h.id]), today, tz), order: null };
  });
  return { result: answer.value, replayed: answer.replayed };
}

/**
 * What stopping (or settling an awaiting-top-up holding at maturity) returns: the principal in full; held
 * interest up to what the early-exit rate gives for the days credited, per lot; the rest of the held
 * interest is forfeited. Interest already paid out is kept.
 */
export function exitQuote(h: HoldingRow, lots: LotRow[]) {
  let principal = 0n;
  let interest = 0n;
  let held = 0n;
  let paid = 0n;
  let days = 0;
  for (const l of lots.filter((x) => x.open === 1)) {
    const credited = Math.max(0, l.accruedThrough - l.firstDay + 1);
    const early = accruedAfter(l.principal, h.earlyExitRateBp, credited);
    principal += l.principal;
    held += l.held;
    paid += l.accrued - l.held;
    interest += l.held < early ? l.held : early;
    days = Math.max(days, credited);
  }
  return { principal, interest, forfeited: held - interest, paid, days };
}

function toQuote(h: HoldingRow, q: ReturnType<typeof exitQuote>): StopQuote {
  return {
    holding_id: h.id,
    principal: formatMoney(q.principal),
    paid: formatMoney(q.paid),
    interest: formatMoney(q.interest),
    forfeited: formatMoney(q.forfeited),
    total_back: formatMoney(q.principal + q.interest),
    early_exit_rate: bpToRate(h.earlyExitRateBp),
    days_held: q.days,
  };
}

/** GET /api/user/yebstop: the exact quote, with every completed day credited first (in a transaction that is rolled back). */
export async function stopQuote(db: Db, userId: number, holdingId: number, c: Clock): Promise<StopQuote> {
  let quote: StopQuote | null = null;
  await db
    .transaction(async (tx) => {
      const { holding, lots } = await lockHolding(tx, userId, holdingId, dayOf(c.now, c.tz));
      quote = toQuote(holding, exitQuote(holding, lots));
      tx.rollback();
    })
    .catch((error: Error) => {
      if (!quote) throw error;
    });
  return quote!;
}

async function closeHolding(
  tx: Tx,
  h: HoldingRow,
  lots: LotRow[],
  kind: 'stop' | 'maturity',
  reference: string,
  early: boolean,
) {
  const q = early
    ? exitQuote(h, lots)
    : {
        ...exitQuote(h, lots),
        interest: lots.filter((l) => l.open === 1).reduce((s, l) => s + l.held, 0n),
        forfeited: 0n,
      };
  const uid = h.userId;
  const transfers = [];
  if (q.principal > 0n)
    transfers.push({ from: userAccount(uid, 'plan'), to: userAccount(uid, 'available'), amount: q.principal });
  if (q.interest > 0n)
    transfers.push({ from: userAccount(uid, 'plan_interest'), to: userAccount(uid, 'available'), amount: q.interest });
  if (q.forfeited > 0n)
    transfers.push({ from: userAccount(uid, 'plan_interest'), to: houseShard('plans', uid), amount: q.forfeited });
  await postJournals(tx, [{ reference, kind: `plan_${kind}`, transfers, memo: { holding: h.id, cycle: h.cycle } }]);
  await tx
    .update(investLots)
    .set({ open: 0, held: 0n })
    .where(and(eq(investLots.holdingId, h.id), eq(investLots.open, 1)));
  await tx
    .update(investPlans)
    .set({ invested: sql`${investPlans.invested} - ${q.principal}` })
    .where(eq(investPlans.id, h.planId));
  const [holding] = await tx
    .update(investHoldings)
    .set({ status: 2, settledAt: new Date(), renew: 0 })
    .where(eq(investHoldings.id, h.id))
    .returning();
  const order = await record(tx, holding!, kind, reference, {
    amount: q.principal,
    interest: q.interest,
    forfeited: q.forfeited,
  });
  if (kind === 'maturity')
    await postInboxMessage(tx, {
      userId: uid,
      kind: 'plan_matured',
      params: { title: h.title, principal: formatMoney(q.principal), interest: formatMoney(q.interest) },
      reference,
    });
  return { holding: holding!, order, quote: q };
}

/** POST /api/user/yebstop: stops early under the plan's exit rule; principal always comes back in full. */
export async function stop(
  db: Db,
  input: { userId: number; body: StopBody & { id: number; key: string }; now: number; tz: string },
): Promise<{ result: StopResult; replayed: boolean }> {
  const { userId, now, tz } = input;
  const hash = requestHash('invest.stop', { holding: input.body.id });
  const answer = await once(db, { userId, key: input.body.key, scope: 'invest.stop', hash }, async (tx) => {
    const today = dayOf(now, tz);
    const { holding: h, lots } = await lockHolding(tx, userId, input.body.id, today);
    const quote = toQuote(h, exitQuote(h, lots));
    const closed = await closeHolding(tx, h, lots, 'stop', `yeb:h:${h.id}:c${h.cycle}:stop`, true);
    return { holding: toHolding(closed.holding, await lotsOf(tx, [h.id]), today, tz), order: closed.order, quote };
  });
  return { result: answer.value, replayed: answer.replayed };
}

/**
 * Settles holdings whose last interest day is over: credits what is left, then returns principal and
 * interest (or, with renewal opted in, pays the interest and starts the next period with the principal).
 * A holding still awaiting its committed amount settles under the early-exit rule. SKIP LOCKED and the
 * unique order reference keep it exactly once across nodes.
 */
export async function settleMatured(db: Db, c: Clock, limit = 200): Promise<number> {
  const today = dayOf(c.now, c.tz);
  let settled = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(investHoldings)
        .where(and(ne(investHoldings.status, 2), sql`${investHoldings.lastDay} < ${today}`))
        .orderBy(asc(investHoldings.lastDay), asc(investHoldings.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      for (const h of due) {
        const locked = await tx.select().from(investLots).where(eq(investLots.holdingId, h.id)).for('update');
        const open = locked.filter((l) => l.open === 1).map((l) => l.id);
        if (open.length) await accrueLots(tx, today, { lotIds: open, limit: open.length });
        const lots = await lotsOf(tx, [h.id]);
        if (h.renew === 1 && h.status === 1 && h.renewRateBp !== null) await renewHolding(tx, h, lots);
        else await closeHolding(tx, h, lots, 'maturity', `yeb:h:${h.id}:c${h.cycle}:maturity`, h.status === 3);
      }
      return due.length;
    });
    settled += n;
    if (n < limit) return settled;
  }
}

async function renewHolding(tx: Tx, h: HoldingRow, lots: LotRow[]) {
  const open = lots.filter((l) => l.open === 1);
  const principal = open.reduce((s, l) => s + l.principal, 0n);
  const held = open.reduce((s, l) => s + l.held, 0n);
  const reference = `yeb:h:${h.id}:c${h.cycle}:renew`;
  if (held > 0n) {
    await postJournals(tx, [
      {
        reference,
        kind: 'plan_payout',
        transfers: [
          { from: userAccount(h.userId, 'plan_interest'), to: userAccount(h.userId, 'available'), amount: held },
        ],
        memo: { holding: h.id, cycle: h.cycle },
      },
    ]);
  }
  await tx
    .update(investLots)
    .set({ open: 0, held: 0n })
    .where(and(eq(investLots.holdingId, h.id), eq(investLots.open, 1)));
  const rate = h.renewRateBp!;
  const firstDay = h.lastDay + 1;
  const lastDay = h.lastDay + h.periodDays;
  const [holding] = await tx
    .update(investHoldings)
    .set({ rateBp: rate, firstDay, lastDay, cycle: h.cycle + 1, renew: 0, renewRateBp: null })
    .where(eq(investHoldings.id, h.id))
    .returning();
  await tx.insert(investLots).values({
    holdingId: h.id,
    userId: h.userId,
    kind: 'renew',
    principal,
    rateBp: rate,
    firstDay,
    lastDay,
    accruedThrough: firstDay - 1,
  });
  if (held > 0n) await record(tx, h, 'payout', `${reference}:payout`, { interest: held });
  await record(tx, holding!, 'renew', reference, { amount: principal });
}

// ---------- reads ----------

export async function myProjects(
  db: DbOrTx,
  userId: number,
  q: { status?: number | undefined; page: number; size: number; cursor?: string | undefined },
  c: Clock,
): Promise<HoldingList> {
  const where = and(eq(investHoldings.userId, userId), q.status ? eq(investHoldings.status, q.status) : undefined);
  const rows = q.cursor
    ? await holdingsAfter(db, where, q.cursor, q.size)
    : await db
        .select()
        .from(investHoldings)
        .where(where)
        .orderBy(sql`${investHoldings.status} = 2`, desc(investHoldings.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
  const counted = await countUpToCap(db, investHoldings, where);
  const lots = await lotsOf(
    db,
    rows.map((r) => r.id),
  );
  const today = dayOf(c.now, c.tz);
  // The rate a renewal would get now, for the offer shown before maturity (none for a closed plan).
  const planIds = [...new Set(rows.map((r) => r.planId))];
  const plans = planIds.length ? await db.select().from(investPlans).where(inArray(investPlans.id, planIds)) : [];
  const offers = new Map(plans.map((p) => [p.id, p.state === 'closed' ? null : p.rateBp]));
  return {
    items: rows.map((h) =>
      toHolding(
        h,
        lots.filter((l) => l.holdingId === h.id),
        today,
        c.tz,
        offers.get(h.planId) ?? null,
      ),
    ),
    ...counted,
    page: q.page,
    next: rows.length === q.size ? holdingCursor(rows.at(-1)!) : null,
  };
}

/** Where a holding stands in the list's order: `l<id>` among the live ones, `c<id>` among the settled ones. */
const holdingCursor = (row: HoldingRow) => `${row.status === 2 ? 'c' : 'l'}${row.id}`;

/**
 * The page after a cursor, in the list's order (live first, each part newest first): the rest of the cursor's part
 * and, when that runs short, the settled ones from their newest. Each part is one range of the
 * (user, status = 2, id) index, so a deep page costs what the first does.
 */
async function holdingsAfter(db: DbOrTx, where: SQL | undefined, cursor: string, size: number) {
  const closed = cursor.startsWith('c');
  const before = Number(cursor.slice(1));
  // IS TRUE / IS FALSE, not `= false`: PostgreSQL would turn that into `status <> 2`, which no longer matches the
  // index's (status = 2) column and reads the user's rows past every settled one.
  const part = (settled: boolean, limit: number, below?: number) =>
    db
      .select()
      .from(investHoldings)
      .where(
        and(
          where,
          sql`(${investHoldings.status} = 2) ${settled ? sql`IS TRUE` : sql`IS FALSE`}`,
          below ? lt(investHoldings.id, below) : undefined,
        ),
      )
      .orderBy(desc(investHoldings.id))
      .limit(limit);
  const rows = await part(closed, size, before);
  if (closed || rows.length === size) return rows;
  return [...rows, ...(await part(true, size - rows.length))];
}

export async function projectOrders(
  db: DbOrTx,
  userId: number,
  q: PageInput & { holding_id?: number | undefined },
): Promise<ProjectOrderList> {
  const where = and(
    eq(investOrders.userId, userId),
    q.holding_id ? eq(investOrders.holdingId, q.holding_id) : undefined,
  );
  const rows = await db
    .select()
    .from(investOrders)
    .where(and(where, afterCursor(investOrders.id, q)))
    .orderBy(desc(investOrders.id))
    .limit(q.size)
    .offset(offsetOf(q));
  const counted = await countUpToCap(db, investOrders, where);
  return {
    items: rows.map(toProjectOrder),
    ...counted,
    page: q.page,
    next: nextCursor(rows, q.size),
  };
}

export async function accrualList(db: DbOrTx, userId: number, holdingId: number): Promise<AccrualList> {
  const [h] = await db
    .select({ id: investHoldings.id })
    .from(investHoldings)
    .where(and(eq(investHoldings.id, holdingId), eq(investHoldings.userId, userId)));
  if (!h) throw new AppError('no_data');
  const rows = await db
    .select()
    .from(investAccruals)
    .where(eq(investAccruals.holdingId, holdingId))
    .orderBy(desc(investAccruals.day), asc(investAccruals.lotId));
  const total = rows.reduce((s, r) => s + r.amount, 0n);
  return {
    holding_id: holdingId,
    items: rows.map((r) => ({
      day: dayLabel(r.day),
      lot_id: r.lotId,
      amount: formatMoney(r.amount),
      held: r.held === 1,
    })),
    total: formatMoney(total),
  };
}

export async function yuebaoInfo(db: DbOrTx, userId: number, c: Clock): Promise<YuebaoInfo> {
  const today = dayOf(c.now, c.tz);
  const codes = [userAccount(userId, 'available'), userAccount(userId, 'plan'), userAccount(userId, 'plan_interest')];
  const [balances, sums] = await Promise.all([
    balancesOf(db, codes),
    db.execute<{ yesterday: string; total: string; forfeited: string; bought_today: string }>(sql`
      SELECT
        (SELECT coalesce(sum(amount), 0) FROM invest_accruals WHERE user_id = ${userId} AND day = ${today - 1}) AS yesterday,
        (SELECT coalesce(sum(amount), 0) FROM invest_accruals WHERE user_id = ${userId}) AS total,
        (SELECT coalesce(sum(forfeited), 0) FROM invest_orders WHERE user_id = ${userId}) AS forfeited,
        (SELECT coalesce(sum(principal), 0) FROM invest_lots WHERE user_id = ${userId} AND open = 1 AND first_day > ${today}) AS bought_today`),
  ]);
  const s = sums.rows[0]!;
  const available = balances.get(codes[0]!)!;
  const plan = balances.get(codes[1]!)!;
  const interest = balances.get(codes[2]!)!;
  const total = plan + interest;
  return {
    currency: 'USD',
    yesterday_profit: formatMoney(BigInt(s.yesterday)),
    total_profit: formatMoney(BigInt(s.total) - BigInt(s.forfeited)),
    yesterday_balance: formatMoney(total - BigInt(s.bought_today)),
    total: formatMoney(total),
    frozen: formatMoney(interest),
    available: formatMoney(available),
    time_zone: c.tz,
  };
}
