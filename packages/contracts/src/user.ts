import { z } from 'zod';
import { secondFactorField } from './second-factor.ts';
import { password } from './fields.ts';

export const realNameStateSchema = z.enum(['none', 'pending', 'verified', 'refused']);
export type RealNameState = z.infer<typeof realNameStateSchema>;

/** Decimal strings in USD (unit U). */
export const balancesSchema = z.object({
  currency: z.literal('USD'),
  available: z.string(),
  frozen: z.string(),
  total: z.string(),
});
export type Balances = z.infer<typeof balancesSchema>;

/**
 * Total assets, the one money picture every screen shows (Home, Mine, My assets, Exchange, the statement), with its
 * parts, decimal strings in U: what the user owns and what the previous platform day earned. Computed in one place
 * in the server (GET /api/user/total-assets) from the ledger's balances and entries and the latest recorded prices.
 */
export const totalAssetsSchema = z.object({
  /** available + frozen + plans + flexible + coins at their latest recorded price. */
  total: z.string(),
  /** Cash the user can spend now. */
  available: z.string(),
  /** Cash held by open orders and withdrawals under review. */
  frozen: z.string(),
  /** Principal in plans plus plan interest credited but held until maturity. */
  plans: z.string(),
  /** The flexible Yuebao balance, with what is moved out of it and arrives the next day. */
  flexible: z.string(),
  /** Every coin valued at its latest recorded price. */
  coins: z.string(),
  /** True when some coin held has no recorded price yet: its value is left out of `coins` and `total`. */
  coins_unpriced: z.boolean(),
  /** The previous platform day: plan and flexible-balance interest credited plus the trading result (fees included). */
  yesterday_earnings: z.string(),
  yesterday_plan_interest: z.string(),
  yesterday_trading: z.string(),
});
export type TotalAssets = z.infer<typeof totalAssetsSchema>;

export const userInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  phone: z.string(),
  invite_code: z.string(),
  real_name_state: realNameStateSchema,
  is_vip: z.boolean(),
  has_fund_password: z.boolean(),
  /** A second factor is on: money steps and security changes ask for it (step-up). */
  second_factor: z.boolean(),
  /**
   * Which factors the user has, so a step-up offers what they can give (a user with passkeys only has no code to
   * type) and the logout dialog says how they sign in again.
   */
  second_factors: z.object({ authenticator: z.boolean(), passkeys: z.number().int() }),
  /** The word the user set to recognise our messages (shown on withdrawal confirm sheets); null until set. */
  anti_phishing_code: z.string().nullable(),
  /**
   * Since when the account is frozen (the user's own "freeze" or customer service's): withdrawals and payout-method
   * changes are refused (`account_frozen`) until customer service unfreezes it. Null when not frozen.
   */
  frozen_at: z.number().int().nullable(),
  /** The current picture's id (GET /api/user/avatar serves it); null before any upload: nothing to ask for. */
  avatar_id: z.string().nullable(),
  created_at: z.number().int(),
  /** Cash only; total assets (with plans and coins) are GET /api/user/total-assets, the one money picture. */
  balances: balancesSchema,
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const changeLoginPasswordBodySchema = z
  .object({
    old_password: z.string({ error: 'enter_old_password' }).min(1, 'enter_old_password'),
    password,
    password_confirm: z.string({ error: 'passwords_differ' }),
    ...secondFactorField,
  })
  .refine((b) => b.password === b.password_confirm, { message: 'passwords_differ', path: ['password_confirm'] });
export type ChangeLoginPasswordBody = z.input<typeof changeLoginPasswordBodySchema>;

/** The first fund password needs no old one; the server decides whether `old_password` is required. */
export const changeFundPasswordBodySchema = z
  .object({
    old_password: z.string().optional(),
    password,
    password_confirm: z.string({ error: 'fund_passwords_differ' }),
    ...secondFactorField,
  })
  .refine((b) => b.password === b.password_confirm, { message: 'fund_passwords_differ', path: ['password_confirm'] });
export type ChangeFundPasswordBody = z.input<typeof changeFundPasswordBodySchema>;

/** POST /api/user/freeze: the account is frozen from this moment (a freeze already on keeps its time). */
export const freezeAnswerSchema = z.object({
  frozen_at: z.number().int(),
  /** How many other sessions were signed out with it. */
  signed_out: z.number().int(),
});
export type FreezeAnswer = z.infer<typeof freezeAnswerSchema>;

/** POST /api/user/export: a copy of the user's data; stepped up when a second factor is on. */
export const dataExportBodySchema = z.object({ ...secondFactorField });

/**
 * What stands between a user and closing their account, each with what to do first: cash to withdraw or spend,
 * a withdrawal or recharge still under review, plans to mature, a flexible Yuebao balance to move out, coins to
 * exchange or withdraw, open orders to settle, followers to stop leading. Each kind's refusal key is
 * `close_blocked_<kind>`.
 */
export const CLOSURE_BLOCKERS = [
  'cash',
  'withdrawal',
  'deposit',
  'plans',
  'flexible',
  'coins',
  'orders',
  'leading',
] as const;
export type ClosureBlockerKind = (typeof CLOSURE_BLOCKERS)[number];

export const closureBlockerSchema = z.object({
  kind: z.enum(CLOSURE_BLOCKERS),
  /** The money left (U with two decimals, or the coin's units), for the kinds that hold money. */
  amount: z.string().nullable(),
  /** The coin, for `coins`. */
  asset: z.string().nullable(),
  /** How many (orders, records under review), for the kinds that count. */
  count: z.number().int().nullable(),
});
export type ClosureBlocker = z.infer<typeof closureBlockerSchema>;

/** GET /api/user/close_check: whether the account can be closed now, and if not, everything to do first. */
export const closureCheckSchema = z.object({
  can_close: z.boolean(),
  blockers: z.array(closureBlockerSchema),
});
export type ClosureCheck = z.infer<typeof closureCheckSchema>;

/** POST /api/user/close: the login password, and a fresh second factor when one is on. */
export const closeAccountBodySchema = z.object({
  password: z.string({ error: 'enter_password' }).min(1, 'enter_password').max(64, 'wrong_password'),
  ...secondFactorField,
});
export type CloseAccountBody = z.input<typeof closeAccountBodySchema>;
