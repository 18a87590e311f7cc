import { z } from 'zod';
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

export const userInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  phone: z.string(),
  invite_code: z.string(),
  real_name_state: realNameStateSchema,
  is_vip: z.boolean(),
  has_fund_password: z.boolean(),
  /** The current picture's id (GET /api/user/avatar serves it); null before any upload: nothing to ask for. */
  avatar_id: z.string().nullable(),
  created_at: z.number().int(),
  balances: balancesSchema,
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const changeLoginPasswordBodySchema = z
  .object({
    old_password: z.string({ error: 'enter_old_password' }).min(1, 'enter_old_password'),
    password,
    password_confirm: z.string({ error: 'passwords_differ' }),
  })
  .refine((b) => b.password === b.password_confirm, { message: 'passwords_differ', path: ['password_confirm'] });
export type ChangeLoginPasswordBody = z.input<typeof changeLoginPasswordBodySchema>;

/** The first fund password needs no old one; the server decides whether `old_password` is required. */
export const changeFundPasswordBodySchema = z
  .object({
    old_password: z.string().optional(),
    password,
    password_confirm: z.string({ error: 'fund_passwords_differ' }),
  })
  .refine((b) => b.password === b.password_confirm, { message: 'fund_passwords_differ', path: ['password_confirm'] });
export type ChangeFundPasswordBody = z.input<typeof changeFundPasswordBodySchema>;
