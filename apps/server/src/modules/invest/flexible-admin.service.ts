import { z } from 'zod';
import { asc, sql } from 'drizzle-orm';
import {
  bpToRate,
  dayLabel,
  dayOf,
  dayOfLabel,
  formatMoney,
  parseMoney,
  reasonSchema,
  type AdminFlex,
} from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { holdChange, type HeldChangeOwner } from '../../platform/held-changes/held-changes.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OperatorAct } from '../../platform/http/operator-act.ts';
import { systemClock } from '../../platform/time/clock.ts';
import { logTermsChanged } from '../transparency/index.ts';
import { announceRate, instantOutDaily, loadRates, rateOn } from './flexible.service.ts';
import { investFlexRates, investFlexSettings } from './flexible.table.ts';

// The operators' side of the flexible balance: its rate (announced ahead, held for a second operator, as plan
// rates are) and the instant-out daily amount (applied at once), each with a reason, audited and logged as terms.

const pct = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,2})?$/)
  .transform((v) => Math.round(Number(v) * 100))
  .refine((bp) => bp <= 10_000);
const money = z.string().transform((v, ctx) => {
  const parsed = parseMoney(v);
  if (parsed === null || parsed < 0n) {
    ctx.addIssue({ code: 'custom', message: 'not an amount' });
    return z.NEVER;
  }
  return parsed;
});

export const flexRateBodySchema = z.object({
  reason: reasonSchema,
  rate_pct: pct,
  /** The first platform day at the new rate ("2026-12-01"): after today, so users are told before it applies. */
  effective_from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export const flexInstantBodySchema = z.object({ reason: reasonSchema, instant_out_daily: money });

export type FlexTermsClock = { now: number; tz: string };

/** The whole set of flexible terms into the terms history, in the change's transaction. */
async function logFlex(tx: Tx, c: FlexTermsClock) {
  const rates = await loadRates(tx);
  const today = dayOf(c.now, c.tz);
  await logTermsChanged(tx, [
    {
      subject: 'yuebao_flexible',
      at: c.now,
      terms: {
        rateBp: rateOn(rates, today),
        // Every rate from today on: the one in force and each announced change, with its first day.
        rates: rates
          .filter((r, i) => r.day > today || rates[i + 1] === undefined || rates[i + 1]!.day > today)
          .map((r) => ({ from: dayLabel(r.day), rateBp: r.bp })),
        instantOutDaily: await instantOutDaily(tx),
      },
    },
  ]);
}

export async function adminFlex(db: DbOrTx, c: FlexTermsClock): Promise<AdminFlex> {
  const today = dayOf(c.now, c.tz);
  const rows = await db.select().from(investFlexRates).orderBy(asc(investFlexRates.effectiveDay));
  return {
    instant_out_daily: formatMoney(await instantOutDaily(db)),
    rate_pct: bpToRate(
      rateOn(
        rows.map((r) => ({ day: r.effectiveDay, bp: r.rateBp })),
        today,
      ),
    ),
    rates: rows.map((r) => ({
      day: dayLabel(r.effectiveDay),
      rate_pct: bpToRate(r.rateBp),
      announced_at: Math.floor(r.createdAt.getTime() / 1000),
    })),
    today: dayLabel(today),
    time_zone: c.tz,
  };
}

/** A change of rate is proposed, held for a second operator; it must start after today (checked again on approval). */
export async function proposeFlexRate(
  db: Db,
  request: OperatorAct<z.infer<typeof flexRateBodySchema>>,
  c: FlexTermsClock,
) {
  const day = dayOfLabel(request.body.effective_from);
  if (!(day > dayOf(c.now, c.tz))) throw new AppError('flex_rate_too_soon', { field: 'effective_from' });
  return db.transaction(async (tx) => {
    const rates = await loadRates(tx);
    return holdChange(tx, {
      kind: 'yuebao.rate',
      target: `yuebao-flexible:rate:${request.body.effective_from}`,
      permission: 'catalogue.edit',
      // The platform's time zone travels with the proposal: the approval checks the day is still ahead in it.
      change: { rate_bp: request.body.rate_pct, day, tz: c.tz },
      fields: [{ field: 'rate_pct', before: bpToRate(rateOn(rates, day)), after: bpToRate(request.body.rate_pct) }],
      act: { operator: request.operator, reason: request.body.reason, ip: request.ip },
    });
  });
}

/** Registered by the invest face: an approved rate is added from its day, if that day is still ahead. */
export const flexRateOwner: HeldChangeOwner = {
  current: async (tx, target) => {
    const day = dayOfLabel(target.split(':')[2]!);
    return { rate_pct: bpToRate(rateOn(await loadRates(tx), day)) };
  },
  apply: async (tx, target, change, act) => {
    const day = Number(change.day);
    const rateBp = Number(change.rate_bp);
    const c = { now: systemClock(), tz: String(change.tz) };
    // A day already begun never changes rate: an approval that comes too late changes nothing.
    if (!(day > dayOf(c.now, c.tz))) throw new AppError('flex_rate_too_soon');
    const before = await loadRates(tx);
    await tx
      .insert(investFlexRates)
      .values({ effectiveDay: day, rateBp })
      .onConflictDoUpdate({ target: investFlexRates.effectiveDay, set: { rateBp, createdAt: sql`now()` } });
    await logFlex(tx, c);
    await announceRate(tx, {
      day,
      rateBp,
      beforeBp: rateOn(before, day),
      reference: `yeb:flex:rate:${dayLabel(day)}:${act.proposal.id}`,
    });
    await audit(tx, {
      operator: act.operator,
      action: 'yuebao.rate',
      target,
      reason: act.body.reason,
      details: {
        before: bpToRate(rateOn(before, day)),
        after: bpToRate(rateBp),
        from: dayLabel(day),
        held_change: act.proposal.id,
        proposed_by: act.proposal.by,
      },
      ip: act.ip,
    });
  },
};

/** The instant-out daily amount, applied at once (it decides only how fast money reaches the user). */
export async function setInstantOutDaily(
  db: Db,
  request: OperatorAct<z.infer<typeof flexInstantBodySchema>>,
  c: FlexTermsClock,
) {
  return db.transaction(async (tx) => {
    const before = await instantOutDaily(tx);
    const amount = request.body.instant_out_daily;
    await tx
      .insert(investFlexSettings)
      .values({ id: 1, instantOutDaily: amount })
      .onConflictDoUpdate({ target: investFlexSettings.id, set: { instantOutDaily: amount, updatedAt: sql`now()` } });
    await logFlex(tx, c);
    await audit(tx, {
      operator: request.operator,
      action: 'yuebao.instant_out',
      target: 'yuebao-flexible',
      reason: request.body.reason,
      details: { before: formatMoney(before), after: formatMoney(amount) },
      ip: request.ip,
    });
    return adminFlex(tx, c);
  });
}

/** The terms a database starts with: 2.00 % a year, 10,000 U out instantly per day; logged like a change. */
export async function seedFlexible(db: Db, now = systemClock()) {
  // One rate from the first day on: the same set of terms in every time zone.
  const c = { now, tz: 'UTC' };
  await db.transaction(async (tx) => {
    const [set] = await tx
      .insert(investFlexSettings)
      .values({ id: 1, instantOutDaily: 1_000_000n })
      .onConflictDoNothing()
      .returning();
    if (!set) return;
    await tx.insert(investFlexRates).values({ effectiveDay: 0, rateBp: 200 }).onConflictDoNothing();
    await logFlex(tx, c);
  });
}
