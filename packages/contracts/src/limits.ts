import { z } from 'zod';

/**
 * The limits a user sets on themselves. Money limits are amounts in U; `open_orders` is a count and
 * `session_minutes` minutes. Windows are UTC calendar days: `_day` is today, `_week` today and the 6 days before,
 * `_month` today and the 29 days before.
 */
export const LIMIT_NAMES = [
  'deposit_day',
  'deposit_week',
  'deposit_month',
  'loss_day',
  'loss_week',
  'loss_month',
  'turnover_day',
  'turnover_week',
  'turnover_month',
  'max_stake',
  'open_orders',
  'session_minutes',
] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];
export const limitNameSchema = z.enum(LIMIT_NAMES, { error: 'invalid_request' });

/** Limits counted in whole numbers rather than amounts. */
export const COUNT_LIMITS: readonly LimitName[] = ['open_orders', 'session_minutes'];

/** How many UTC days each windowed limit looks back over (today included). */
export function limitWindowDays(name: LimitName): number | null {
  if (name.endsWith('_day')) return 1;
  if (name.endsWith('_week')) return 7;
  if (name.endsWith('_month')) return 30;
  return null;
}

/** A raise or a removal waits this long, then takes effect only when the user confirms it again. */
export const LIMIT_COOLING_SECONDS = 24 * 3600;

export const EXCLUSION_PERIODS = ['1d', '7d', '30d', '6m', '1y', '5y'] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];
/** How many days each period lasts (a month is not a fixed length: six are 182 days, five years 1,826). */
export const EXCLUSION_DAYS: Record<ExclusionPeriod, number> = {
  '1d': 1,
  '7d': 7,
  '30d': 30,
  '6m': 182,
  '1y': 365,
  '5y': 1826,
};
/** 1, 7 and 30 days are a time-out; 6 months and longer a self-exclusion. */
export const exclusionKindOf = (p: ExclusionPeriod): 'timeout' | 'self_exclusion' =>
  p.endsWith('d') ? 'timeout' : 'self_exclusion';

export const limitSchema = z.object({
  name: limitNameSchema,
  /** In force now: an amount ("100.00"), a count or minutes ("5"); null: no limit. */
  value: z.string().nullable(),
  /** How much of it is used in its window now (null for a limit with no window, or none set). */
  used: z.string().nullable(),
  /** When its window next moves on (the next UTC midnight), for windowed limits. */
  resets_at: z.number().int().nullable(),
  /** A raise or removal waiting: its value (null: removal), when it may be confirmed. */
  pending: z
    .object({ value: z.string().nullable(), effective_at: z.number().int(), confirmable: z.boolean() })
    .nullable(),
});
export type Limit = z.infer<typeof limitSchema>;

export const exclusionSchema = z.object({
  kind: z.enum(['timeout', 'self_exclusion']),
  started_at: z.number().int(),
  until: z.number().int(),
});
export type Exclusion = z.infer<typeof exclusionSchema>;

export const limitsSchema = z.object({
  limits: z.array(limitSchema),
  /** The reality-check reminder interval in minutes (null: none). */
  reality_minutes: z.number().int().nullable(),
  /** The shortest interval the server accepts (server configuration). */
  reality_min_minutes: z.number().int(),
  exclusion: exclusionSchema.nullable(),
  now: z.number().int(),
});
export type Limits = z.infer<typeof limitsSchema>;

export const setLimitBodySchema = z.object({
  name: limitNameSchema,
  /** Empty: remove the limit. */
  value: z
    .string()
    .trim()
    .regex(/^(\d{1,9}(\.\d{1,2})?)?$/, 'invalid_request'),
});
export type SetLimitBody = z.input<typeof setLimitBodySchema>;

export const limitNameBodySchema = z.object({ name: limitNameSchema });

export const realityBodySchema = z.object({
  minutes: z.coerce
    .number({ error: 'invalid_request' })
    .int('invalid_request')
    .min(0, 'invalid_request')
    .max(240, 'invalid_request'),
});

export const excludeBodySchema = z.object({
  period: z.enum(EXCLUSION_PERIODS, { error: 'invalid_request' }),
  /** The user's explicit "I understand it cannot be undone". */
  confirm: z.preprocess(
    (v) => v === true || v === '1' || v === 'true',
    z.literal(true, { error: 'agreement_required' }),
  ),
});
export type ExcludeBody = z.input<typeof excludeBodySchema>;

/** The reality-check intervals the Limits page offers, in minutes; those below the server's minimum are left out. */
export const REALITY_CHOICES = [1, 10, 15, 30, 60, 120] as const;

/**
 * GET /api/user/reality: where the user stands in this session, from the server's records. The session began at
 * sign-in on this device; its stakes and result are the user's real-money orders opened since then.
 */
export const realitySchema = z.object({
  /** The reminder interval in minutes, or the session limit's when no interval is set; null: no reminder. */
  interval_minutes: z.number().int().nullable(),
  session_limit_minutes: z.number().int().nullable(),
  started_at: z.number().int(),
  /** When the session limit ends this session (the server refuses the token from then on); null: no limit. */
  ends_at: z.number().int().nullable(),
  now: z.number().int(),
  orders: z.number().int(),
  /** Stakes and fees paid into orders opened this session. */
  staked: z.string(),
  /** Settled orders' payouts minus their stakes and fees (negative: lost). */
  net: z.string(),
  /** Stakes and fees of orders still open (not yet in `net`). */
  open_staked: z.string(),
});
export type Reality = z.infer<typeof realitySchema>;
