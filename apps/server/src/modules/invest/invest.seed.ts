import type { Db } from '../../platform/db/client.ts';
import { investPlans, investPlanTexts } from './invest.table.ts';
import { PLAN_SEED_TEXTS } from './plan-seed-texts.ts';
import { systemClock } from '../../platform/time/clock.ts';
import { logTermsChanged } from '../transparency/index.ts';

const DAY = 86_400;

/**
 * Four plans so the product is alive on a fresh start: 7, 30, 90 and 180 days, open for a year from the
 * first start, named in the ten languages. Inserted once by slug; an operator's later edits are never overwritten.
 */
export async function seedPlans(db: Db, now = systemClock()) {
  const window = { subscribeFrom: now - 30 * DAY, subscribeTo: now + 365 * DAY };
  // The plans a database starts with are logged like a change, at the seeding, in the same transaction: the terms
  // history begins there.
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(investPlans)
      .values([
        {
          slug: 'flex-7',
          title: 'Starter 7-day plan',
          sort: 1,
          ...window,
          description:
            'A short plan to try Yuebao: interest is paid to your balance every day, the principal comes back after 7 days.',
          minAmount: 1_000n,
          startAmount: 1_000n,
          rateBp: 320,
          periodDays: 7,
          earlyExitRateBp: 0,
          shareType: 'daily',
          cap: 50_000_000n,
        },
        {
          slug: 'steady-30',
          title: 'Steady 30-day plan',
          sort: 2,
          ...window,
          description:
            'Daily interest paid to your balance, principal returned at maturity. Stopping early keeps the interest already paid.',
          minAmount: 10_000n,
          startAmount: 10_000n,
          rateBp: 500,
          periodDays: 30,
          earlyExitRateBp: 100,
          shareType: 'daily',
          cap: 100_000_000n,
        },
        {
          slug: 'quarter-90',
          title: 'Quarter 90-day plan',
          sort: 3,
          ...window,
          description:
            'Interest is held and paid with the principal at maturity. Commit 1,000 U to earn the full rate; start from 500 U and top up.',
          minAmount: 10_000n,
          startAmount: 50_000n,
          committedAmount: 100_000n,
          rateBp: 650,
          expectedRateBp: 680,
          periodDays: 90,
          earlyExitRateBp: 200,
          shareType: 'maturity',
          cap: 200_000_000n,
        },
        {
          slug: 'half-year-180',
          title: 'Half-year 180-day plan',
          sort: 4,
          ...window,
          description: 'The highest rate, interest paid at maturity with the principal. Up to 50,000 U per person.',
          minAmount: 100_000n,
          startAmount: 100_000n,
          rateBp: 800,
          periodDays: 180,
          earlyExitRateBp: 300,
          shareType: 'maturity',
          cap: 500_000_000n,
          personalCap: 5_000_000n,
        },
      ])
      .onConflictDoNothing({ target: investPlans.slug })
      .returning();
    await logTermsChanged(
      tx,
      rows.map((p) => ({ subject: 'plan' as const, at: now, planId: p.id, slug: p.slug, terms: p })),
    );
    return rows;
  });
  // Their other languages only with the plans themselves: a language an operator removed stays removed.
  const texts = inserted.flatMap((plan) =>
    Object.entries(PLAN_SEED_TEXTS[plan.slug] ?? {}).map(([lang, text]) => ({ planId: plan.id, lang, ...text })),
  );
  if (texts.length) await db.insert(investPlanTexts).values(texts).onConflictDoNothing();
}
