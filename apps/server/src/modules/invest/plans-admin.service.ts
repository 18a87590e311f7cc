import { z } from 'zod';
import { asc, eq, sql } from 'drizzle-orm';
import { formatMoney, parseMoney, reasonSchema, type AdminPlan, type PlanState } from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.ts';
import { holdChange, type HeldChangeOwner } from '../../platform/held-changes/held-changes.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OperatorAct } from '../../platform/http/operator-act.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { systemClock } from '../../platform/time/clock.ts';
import { investPlans } from './invest.table.ts';
import { toPlan, type PlanRow } from './invest-view.ts';
import { planTranslations, planTranslationsSchema, savePlanTexts } from './plan-texts.ts';
import { logTermsChanged } from '../transparency/index.ts';

/** A plan's terms as they stand after an operator's change, into the transparency log in the same transaction. */
const logPlan = (tx: Tx, p: PlanRow) =>
  logTermsChanged(tx, [{ subject: 'plan', at: systemClock(), planId: p.id, slug: p.slug, terms: p }]);

// The operators' side of the plans: create, edit, pause, resume and close, each audited in its transaction.

const money = z.string().transform((v, ctx) => {
  const parsed = parseMoney(v);
  if (parsed === null || parsed <= 0n) {
    ctx.addIssue({ code: 'custom', message: 'not an amount' });
    return z.NEVER;
  }
  return parsed;
});
const pct = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,2})?$/)
  .transform((v) => Math.round(Number(v) * 100));
const time = z.coerce.number().int().min(0);

/** Fields that only shape future purchases: holdings keep the terms they were bought with. */
const editable = {
  title: z.string().trim().min(1).max(80),
  description: z.string().trim().max(1000),
  start_time: time,
  end_time: time,
  min_amount: money,
  start_amount: money,
  rate_pct: pct,
  expected_rate_pct: pct.nullable(),
  early_exit_rate_pct: pct,
  total: money,
  personal_cap: money.nullable(),
  sort: z.coerce.number().int().min(0).max(1000),
  /** Name and description in the other nine languages; English is title and description. */
  translations: planTranslationsSchema,
};

export const planCreateSchema = z.object({
  reason: reasonSchema,
  slug: z.string().regex(/^[a-z0-9-]{2,40}$/),
  ...editable,
  description: editable.description.default(''),
  expected_rate_pct: editable.expected_rate_pct.default(null),
  early_exit_rate_pct: editable.early_exit_rate_pct.default(0),
  personal_cap: editable.personal_cap.default(null),
  sort: editable.sort.default(0),
  translations: editable.translations.default({}),
  period_days: z.coerce.number().int().min(1).max(3650),
  share_type: z.enum(['daily', 'maturity']),
  committed_amount: money.nullable().default(null),
});
export const planEditSchema = z.object({ reason: reasonSchema }).extend(z.object(editable).partial().shape);

type Values = Partial<typeof investPlans.$inferInsert>;

function valuesOf(b: Partial<z.infer<typeof planCreateSchema>>): Values {
  const v: Values = {};
  if (b.title !== undefined) v.title = b.title;
  if (b.description !== undefined) v.description = b.description;
  if (b.start_time !== undefined) v.subscribeFrom = b.start_time;
  if (b.end_time !== undefined) v.subscribeTo = b.end_time;
  if (b.min_amount !== undefined) v.minAmount = b.min_amount;
  if (b.start_amount !== undefined) v.startAmount = b.start_amount;
  if (b.rate_pct !== undefined) v.rateBp = b.rate_pct;
  if (b.expected_rate_pct !== undefined) v.expectedRateBp = b.expected_rate_pct;
  if (b.early_exit_rate_pct !== undefined) v.earlyExitRateBp = b.early_exit_rate_pct;
  if (b.total !== undefined) v.cap = b.total;
  if (b.personal_cap !== undefined) v.personalCap = b.personal_cap;
  if (b.sort !== undefined) v.sort = b.sort;
  if (b.period_days !== undefined) v.periodDays = b.period_days;
  if (b.share_type !== undefined) v.shareType = b.share_type;
  if (b.committed_amount !== undefined) v.committedAmount = b.committed_amount;
  if (b.slug !== undefined) v.slug = b.slug;
  return v;
}

function check(p: PlanRow) {
  // The table's CHECKs guard the same; this gives the operator a clear answer first.
  const ok =
    p.subscribeTo > p.subscribeFrom &&
    p.startAmount >= p.minAmount &&
    p.cap >= p.invested &&
    p.earlyExitRateBp <= p.rateBp &&
    (p.committedAmount === null || p.committedAmount > p.startAmount);
  if (!ok) throw new AppError('invalid_request');
}

export const view = (p: PlanRow, translations: AdminPlan['translations'] = {}): AdminPlan => ({
  ...toPlan(p, systemClock()),
  slug: p.slug,
  state: p.state as PlanState,
  sort: p.sort,
  translations,
});

/** The operator's view of plans with every language written for them. */
export async function viewAll(db: DbOrTx, rows: PlanRow[]): Promise<AdminPlan[]> {
  const texts = await planTranslations(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => view(r, texts.get(r.id) ?? {}));
}

export async function listPlansForOperator(db: Db) {
  const rows = await db.select().from(investPlans).orderBy(asc(investPlans.sort), asc(investPlans.id));
  return viewAll(db, rows);
}

const BIG = ['minAmount', 'startAmount', 'cap', 'personalCap', 'committedAmount'] as const;
/** A new plan's values as a held change records them (JSON: its amounts as strings), and back. */
const recordedPlan = (v: Values) =>
  Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'bigint' ? String(x) : x]));
const planFromRecord = (r: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(r).map(([k, x]) => [
      k,
      (BIG as readonly string[]).includes(k) && x !== null ? BigInt(String(x)) : x,
    ]),
  ) as typeof investPlans.$inferInsert;

/**
 * A new plan is held whole for a second operator (`plan.create`): its rates are money terms the house pays, and a
 * plan made by one operator would be rates nobody checked. It is checked now (a bad plan is refused at once) and
 * made, with its texts, only when another operator approves it.
 */
export async function createPlan(db: Db, request: OperatorAct<z.infer<typeof planCreateSchema>>) {
  return db.transaction(async (tx) => {
    const v = valuesOf(request.body) as typeof investPlans.$inferInsert;
    check({
      ...v,
      invested: 0n,
      committedAmount: v.committedAmount ?? null,
      earlyExitRateBp: v.earlyExitRateBp ?? 0,
    } as PlanRow);
    const [taken] = await tx.select({ id: investPlans.id }).from(investPlans).where(eq(investPlans.slug, v.slug));
    if (taken) throw new AppError('invalid_request', { field: 'slug' });
    const rates = {
      rateBp: v.rateBp,
      expectedRateBp: v.expectedRateBp ?? null,
      earlyExitRateBp: v.earlyExitRateBp ?? 0,
    };
    return holdChange(tx, {
      kind: 'plan.create',
      target: `plan-new:${v.slug}`,
      permission: 'catalogue.edit',
      change: { values: recordedPlan(v), translations: request.body.translations },
      fields: [
        { field: 'slug', before: null, after: v.slug },
        { field: 'title', before: null, after: v.title },
        { field: 'period_days', before: null, after: v.periodDays },
        { field: 'rate_pct', before: null, after: pctOf(rates.rateBp) },
        { field: 'expected_rate_pct', before: null, after: pctOf(rates.expectedRateBp) },
        { field: 'early_exit_rate_pct', before: null, after: pctOf(rates.earlyExitRateBp) },
        { field: 'min_amount', before: null, after: formatMoney(v.minAmount) },
        { field: 'total', before: null, after: formatMoney(v.cap) },
      ],
      act: { operator: request.operator, reason: request.body.reason, ip: request.ip },
    });
  });
}

/** Registered by the invest face: a new plan, made once a second operator approves it. */
export const planCreateOwner: HeldChangeOwner = {
  current: async (tx, target) => {
    const [row] = await tx
      .select({ slug: investPlans.slug })
      .from(investPlans)
      .where(eq(investPlans.slug, target.slice('plan-new:'.length)));
    // A plan of that slug made since makes the proposal outdated.
    return { slug: row ? row.slug : null };
  },
  apply: async (tx, _target, change, act) => {
    const v = planFromRecord(change.values as Record<string, unknown>);
    const [row] = await tx.insert(investPlans).values(v).onConflictDoNothing({ target: investPlans.slug }).returning();
    if (!row) throw new AppError('invalid_request', { field: 'slug' });
    await logPlan(tx, row);
    await savePlanTexts(tx, row.id, change.translations as z.infer<typeof planCreateSchema>['translations']);
    const [after] = await viewAll(tx, [row]);
    await audit(tx, {
      operator: act.operator,
      action: 'plan.create',
      target: `plan:${row.id}`,
      reason: act.body.reason,
      details: { after, held_change: act.proposal.id, proposed_by: act.proposal.by },
      ip: act.ip,
    });
  },
};

/** A plan's rates: every change of one, either way, moves money between holders and the house. */
const RATE_FIELDS = ['rate_pct', 'expected_rate_pct', 'early_exit_rate_pct'] as const;
type RateField = (typeof RATE_FIELDS)[number];
const rateColumn = {
  rate_pct: 'rateBp',
  expected_rate_pct: 'expectedRateBp',
  early_exit_rate_pct: 'earlyExitRateBp',
} as const;
const pctOf = (bp: number | null) => (bp === null ? null : (bp / 100).toFixed(2));
const ratesOf = (row: PlanRow) =>
  Object.fromEntries(RATE_FIELDS.map((f) => [f, pctOf(row[rateColumn[f]])])) as Record<RateField, string | null>;

type Edit = z.infer<typeof planEditSchema>;
type EditActor = { operator: string; ip: string };

/**
 * An operator's edit of a plan. Its rates, when it changes any, are held for a second operator (a proposal of
 * their own, `plan.edit`); the other fields apply at once. `held` is the proposal, if one was made.
 */
export async function editPlan(db: Db, request: OperatorAct<Edit, { id: number }>) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(investPlans).where(eq(investPlans.id, request.params.id)).for('update');
    if (!before) throw new AppError('plan_not_found');
    const proposed = { ...before, ...valuesOf(request.body) } as PlanRow;
    check(proposed);
    const [from, to] = [ratesOf(before), ratesOf(proposed)];
    const moved = RATE_FIELDS.filter((f) => from[f] !== to[f]).map((f) => ({
      field: f,
      before: from[f],
      after: to[f],
    }));
    const held = moved.length
      ? await holdChange(tx, {
          kind: 'plan.edit',
          target: `plan:${before.id}`,
          permission: 'catalogue.edit',
          change: Object.fromEntries(moved.map((f) => [f.field, f.after])),
          fields: moved,
          act: { operator: request.operator, reason: request.body.reason, ip: request.ip },
        })
      : null;
    const rest = Object.fromEntries(
      Object.entries(request.body).filter(([key]) => !(RATE_FIELDS as readonly string[]).includes(key)),
    ) as Edit;
    const plan =
      Object.keys(rest).length > 1 || !held
        ? await applyEdit(tx, before, rest, request, {})
        : (await viewAll(tx, [before]))[0]!;
    return { plan, held };
  });
}

async function applyEdit(tx: Tx, before: PlanRow, body: Edit, actor: EditActor, details: Record<string, unknown>) {
  const [beforeView] = await viewAll(tx, [before]);
  const v = valuesOf(body);
  check({ ...before, ...v } as PlanRow);
  const [row] = await tx
    .update(investPlans)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(investPlans.id, before.id))
    .returning();
  await logPlan(tx, row!);
  if (body.translations) await savePlanTexts(tx, before.id, body.translations);
  const [after] = await viewAll(tx, [row!]);
  await audit(tx, {
    operator: actor.operator,
    action: 'plan.edit',
    target: `plan:${before.id}`,
    reason: body.reason,
    details: { before: beforeView, after, ...details },
    ip: actor.ip,
  });
  return after!;
}

/** Registered by the invest face: approved rates are applied as the checker's edit, naming the proposal. */
export const planRatesOwner: HeldChangeOwner = {
  current: async (tx, target) => {
    const [row] = await tx
      .select()
      .from(investPlans)
      .where(eq(investPlans.id, Number(target.split(':')[1])));
    return row ? ratesOf(row) : {};
  },
  apply: async (tx, target, change, act) => {
    const [before] = await tx
      .select()
      .from(investPlans)
      .where(eq(investPlans.id, Number(target.split(':')[1])))
      .for('update');
    if (!before) throw new AppError('plan_not_found');
    const rates = planEditSchema.pick({ rate_pct: true, expected_rate_pct: true, early_exit_rate_pct: true });
    await applyEdit(tx, before, { ...rates.parse(change), reason: act.body.reason }, act, {
      held_change: act.proposal.id,
      proposed_by: act.proposal.by,
    });
  },
};

export async function setPlanState(
  db: Db,
  request: OperatorAct<{ reason: string }, { id: number }>,
  action: string,
  state: 'paused' | 'active' | 'closed',
) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(investPlans).where(eq(investPlans.id, request.params.id)).for('update');
    if (!before) throw new AppError('plan_not_found');
    // A closed plan stays closed: its holders keep their terms until maturity.
    if (before.state === 'closed' && state !== 'closed') throw new AppError('invalid_request');
    const [row] = await tx
      .update(investPlans)
      .set({ state, updatedAt: sql`now()` })
      .where(eq(investPlans.id, before.id))
      .returning();
    await logPlan(tx, row!);
    await audit(tx, {
      operator: request.operator,
      action: `plan.${action}`,
      target: `plan:${before.id}`,
      reason: request.body.reason,
      details: { before: before.state, after: state },
      ip: request.ip,
    });
    return (await viewAll(tx, [row!]))[0]!;
  });
}
