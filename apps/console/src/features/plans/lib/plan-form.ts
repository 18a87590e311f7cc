import type { AdminPlan, Language, PlanText } from '@app/contracts';
import { EDITOR_LANGUAGES, MONEY_INPUT, isPercent } from '../../../lib/editor-languages.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/editor-time.ts';
import type { PlanCreate, PlanFields } from '../api/plans-api.ts';

type Other = Exclude<Language, 'en'>;
export const OTHER_LANGUAGES = EDITOR_LANGUAGES.filter((l): l is Other => l !== 'en');

/** The plan editor's state, every field as typed. Amounts in U ("100.50"), rates in percent ("7.3"). */
export type PlanDraft = {
  slug: string;
  texts: Record<Language, PlanText>;
  start_time: string;
  end_time: string;
  min_amount: string;
  start_amount: string;
  total: string;
  personal_cap: string;
  rate_pct: string;
  expected_rate_pct: string;
  early_exit_rate_pct: string;
  period_days: string;
  share_type: 'daily' | 'maturity';
  committed_amount: string;
  sort: string;
};

export function planDraftOf(plan: AdminPlan | null, now = Math.floor(Date.now() / 1000)): PlanDraft {
  const texts = Object.fromEntries(
    EDITOR_LANGUAGES.map((lang) => [
      lang,
      lang === 'en'
        ? { title: plan?.title ?? '', description: plan?.description ?? '' }
        : { title: '', description: '', ...(plan?.translations[lang] ?? {}) },
    ]),
  ) as Record<Language, PlanText>;
  return {
    slug: plan?.slug ?? '',
    texts,
    start_time: toLocalInput(plan?.start_time ?? now),
    end_time: toLocalInput(plan?.end_time ?? now + 90 * 86_400),
    min_amount: plan?.min_amount ?? '',
    start_amount: plan?.start_amount ?? '',
    total: plan?.total ?? '',
    personal_cap: plan?.personal_cap ?? '',
    rate_pct: plan?.terms.rate ?? '',
    expected_rate_pct: plan?.terms.expected_rate ?? '',
    early_exit_rate_pct: plan?.terms.early_exit_rate ?? '0',
    period_days: String(plan?.terms.period_days ?? ''),
    share_type: plan?.terms.share_type ?? 'daily',
    committed_amount: plan?.terms.committed_amount ?? '',
    sort: String(plan?.sort ?? 0),
  };
}

export type PlanErrors = Partial<Record<string, string>>;

const cents = (text: string) => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
};

/** The checks the server makes, each named by field, so nothing is sent that it would refuse for its shape. */
export function checkPlan(draft: PlanDraft, before: AdminPlan | null): PlanErrors {
  const e: PlanErrors = {};
  const money = (field: keyof PlanDraft, optional = false) => {
    const v = String(draft[field]).trim();
    if (optional && v === '') return;
    if (!MONEY_INPUT.test(v) || cents(v) <= 0n) e[field] = 'plans.errors.money';
  };
  if (!before && !/^[a-z0-9-]{2,40}$/.test(draft.slug)) e.slug = 'plans.errors.slug';
  if (!draft.texts.en.title.trim()) e['en.title'] = 'plans.errors.englishRequired';
  for (const lang of EDITOR_LANGUAGES) {
    const text = draft.texts[lang];
    if (text.title.trim().length > 80) e[`${lang}.title`] = 'plans.errors.titleLong';
    if (text.description.trim().length > 1000) e[`${lang}.description`] = 'plans.errors.descriptionLong';
    if (lang !== 'en' && !text.title.trim() && text.description.trim()) e[`${lang}.title`] = 'plans.errors.titleNeeded';
  }
  money('min_amount');
  money('start_amount');
  money('total');
  money('personal_cap', true);
  if (!before) money('committed_amount', true);
  if (!isPercent(draft.rate_pct) || Number(draft.rate_pct) <= 0) e.rate_pct = 'plans.errors.rate';
  if (draft.expected_rate_pct && !isPercent(draft.expected_rate_pct)) e.expected_rate_pct = 'plans.errors.rate';
  if (!isPercent(draft.early_exit_rate_pct)) e.early_exit_rate_pct = 'plans.errors.rate';
  else if (!e.rate_pct && Number(draft.early_exit_rate_pct) > Number(draft.rate_pct))
    e.early_exit_rate_pct = 'plans.errors.earlyAboveRate';
  if (!before && (!/^\d{1,4}$/.test(draft.period_days) || +draft.period_days < 1 || +draft.period_days > 3650))
    e.period_days = 'plans.errors.period';
  if (!/^\d{1,4}$/.test(draft.sort) || Number(draft.sort) > 1000) e.sort = 'plans.errors.sort';
  const from = fromLocalInput(draft.start_time);
  const to = fromLocalInput(draft.end_time);
  if (from === null) e.start_time = 'plans.errors.time';
  if (to === null) e.end_time = 'plans.errors.time';
  else if (from !== null && to <= from) e.end_time = 'plans.errors.endBeforeStart';
  if (!e.min_amount && !e.start_amount && cents(draft.start_amount) < cents(draft.min_amount))
    e.start_amount = 'plans.errors.startBelowMin';
  if (
    !before &&
    draft.committed_amount.trim() &&
    !e.committed_amount &&
    !e.start_amount &&
    cents(draft.committed_amount) <= cents(draft.start_amount)
  )
    e.committed_amount = 'plans.errors.committedBelowStart';
  return e;
}

/** The fields as the server reads them; a language left without a title is sent empty, which removes it. */
export function planFieldsOf(draft: PlanDraft): PlanFields {
  return {
    title: draft.texts.en.title.trim(),
    description: draft.texts.en.description.trim(),
    start_time: fromLocalInput(draft.start_time)!,
    end_time: fromLocalInput(draft.end_time)!,
    min_amount: draft.min_amount.trim(),
    start_amount: draft.start_amount.trim(),
    total: draft.total.trim(),
    personal_cap: draft.personal_cap.trim() || null,
    rate_pct: draft.rate_pct.trim(),
    expected_rate_pct: draft.expected_rate_pct.trim() || null,
    early_exit_rate_pct: draft.early_exit_rate_pct.trim(),
    sort: Number(draft.sort),
    translations: Object.fromEntries(
      OTHER_LANGUAGES.map((lang) => [
        lang,
        { title: draft.texts[lang].title.trim(), description: draft.texts[lang].description.trim() },
      ]),
    ),
  };
}

export function planCreateOf(draft: PlanDraft, reason: string): PlanCreate {
  const fields = planFieldsOf(draft);
  return {
    ...fields,
    // A new plan names only the languages written.
    translations: Object.fromEntries(Object.entries(fields.translations).filter(([, t]) => t.title)),
    slug: draft.slug,
    period_days: Number(draft.period_days),
    share_type: draft.share_type,
    committed_amount: draft.committed_amount.trim() || null,
    reason,
  };
}

/** A plan's field as a held change names it (its wire name), in the console's words. */
export const planFieldLabel =
  (t: (key: string) => string) =>
  (field: string): string =>
    ({
      rate_pct: t('plans.ratePct'),
      expected_rate_pct: t('plans.expectedRatePct'),
      early_exit_rate_pct: t('plans.earlyExitPct'),
      slug: t('plans.slug'),
      title: t('plans.name'),
      period_days: t('plans.periodDays'),
      min_amount: t('plans.minAmount'),
      total: t('plans.total'),
    })[field] ?? field;
