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
