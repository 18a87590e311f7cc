import { z } from 'zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { LANGUAGES, type Language, type PlanText } from '@app/contracts';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { investPlanTexts } from './invest.table.ts';

/**
 * Plans in the reader's language. The plan row's title and description are English; the other languages live in
 * invest_plan_texts, and a reader whose language has none there reads English.
 */

const OTHER_LANGUAGES = LANGUAGES.filter((l) => l !== 'en');
export const planTranslationsSchema = z.partialRecord(
  z.enum(OTHER_LANGUAGES as [Exclude<Language, 'en'>, ...Exclude<Language, 'en'>[]]),
  z
    .object({ title: z.string().trim().max(80), description: z.string().trim().max(1000).default('') })
    // An empty title removes the language: its readers see English again.
    .transform((t) => (t.title ? t : null)),
);
export type PlanTranslations = z.infer<typeof planTranslationsSchema>;

/** Saves the given languages (null removes one). */
export async function savePlanTexts(tx: Tx, planId: number, given: PlanTranslations) {
  for (const [lang, text] of Object.entries(given)) {
    if (text === undefined) continue;
    if (text === null) {
      await tx.delete(investPlanTexts).where(and(eq(investPlanTexts.planId, planId), eq(investPlanTexts.lang, lang)));
      continue;
    }
    await tx
      .insert(investPlanTexts)
      .values({ planId, lang, title: text.title, description: text.description })
      .onConflictDoUpdate({
        target: [investPlanTexts.planId, investPlanTexts.lang],
        set: { title: text.title, description: text.description, updatedAt: sql`now()` },
      });
  }
}

/** Every language written for the given plans, by plan. */
export async function planTranslations(
  db: DbOrTx,
  planIds: number[],
): Promise<Map<number, Partial<Record<Language, PlanText>>>> {
  const out = new Map<number, Partial<Record<Language, PlanText>>>();
  if (planIds.length === 0) return out;
  const rows = await db.select().from(investPlanTexts).where(inArray(investPlanTexts.planId, planIds));
  for (const r of rows) {
    const texts = out.get(r.planId) ?? {};
    texts[r.lang as Language] = { title: r.title, description: r.description };
    out.set(r.planId, texts);
  }
  return out;
}

/** The plans' texts in one language, for the plans that have it (English: none, the rows are English). */
async function textsIn(db: DbOrTx, planIds: number[], lang: Language): Promise<Map<number, PlanText>> {
  if (lang === 'en' || planIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(investPlanTexts)
    .where(and(inArray(investPlanTexts.planId, [...new Set(planIds)]), eq(investPlanTexts.lang, lang)));
  return new Map(rows.map((r) => [r.planId, { title: r.title, description: r.description }]));
}

/** Plans (id, title, description) in the reader's language. */
export async function localisePlans<T extends { id: number; title: string; description: string }>(
  db: DbOrTx,
  plans: T[],
  lang: Language,
): Promise<T[]> {
  const texts = await textsIn(
    db,
    plans.map((p) => p.id),
    lang,
  );
  return plans.map((p) => {
    const text = texts.get(p.id);
    return text ? { ...p, title: text.title, description: text.description || p.description } : p;
  });
}

/** Holdings and plan orders (plan_id, title: copied at purchase) named in the reader's language. */
export async function localiseTitles<T extends { plan_id: number; title: string }>(
  db: DbOrTx,
  items: T[],
  lang: Language,
): Promise<T[]> {
  const texts = await textsIn(
    db,
    items.map((i) => i.plan_id),
    lang,
  );
  return items.map((i) => {
    const text = texts.get(i.plan_id);
    return text ? { ...i, title: text.title } : i;
  });
}
