import { z } from 'zod';
import { reasonSchema } from './admin.ts';
import { idListSchema } from './triage.ts';
import { parseMoney } from './money.ts';
import { pageQuerySchema } from './page.ts';
import { directionSchema, orderModeSchema, orderResultSchema } from './orders.ts';
import { adminWithdrawalSchema } from './wallet.ts';

/**
 * The operators' searches: deposits, withdrawals, orders and the audit log, each paged and filtered, and the
 * same filters for a list's CSV export (which adds the reason the export is audited with).
 */

/** An amount in U as typed ("1500", "1500.5"); kept as a decimal string, checked to parse. */
const amountFilter = z
  .string()
  .trim()
  .refine((v) => parseMoney(v) !== null, 'invalid_request');
/** Unix seconds; the console turns the dates it shows into the instants they start at. */
const instant = z.coerce.number().int().min(0).max(4_102_444_800);
/** A user by id or by account name. */
const userFilter = z.string().trim().min(1).max(32);
/** One record by its id (the console's search everything opens a deposit or a withdrawal so). */
const idFilter = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 53 - 1);

const rangeChecks = <T extends { min?: string | undefined; max?: string | undefined; from?: number; to?: number }>(
  q: T,
  ctx: z.RefinementCtx,
) => {
  if (q.min !== undefined && q.max !== undefined && parseMoney(q.min)! > parseMoney(q.max)!)
    ctx.addIssue({ code: 'custom', message: 'invalid_request', path: ['max'] });
  if (q.from !== undefined && q.to !== undefined && q.from > q.to)
    ctx.addIssue({ code: 'custom', message: 'invalid_request', path: ['to'] });
};

const listPage = pageQuerySchema({ maxSize: 200, defaultSize: 50 }).shape;

const depositFilters = z.object({
  id: idFilter.optional(),
  /** Any status when absent (1 credited, 2 refused, 3 under review, 4 credited awaiting audit). */
  status: z.coerce.number().int().min(1).max(4).optional(),
  reference: z.string().trim().min(1).max(32).optional(),
  user: userFilter.optional(),
  min: amountFilter.optional(),
  max: amountFilter.optional(),
  from: instant.optional(),
  to: instant.optional(),
});
export const adminDepositSearchSchema = depositFilters.extend(listPage).superRefine(rangeChecks);
export type AdminDepositSearch = z.input<typeof adminDepositSearchSchema>;
/** `ids` narrows the file to the rows an operator selected ("12,13,14", at most BULK_MAX_ITEMS). */
export const adminDepositExportSchema = depositFilters
  .extend({ ids: idListSchema.optional(), reason: reasonSchema })
  .superRefine(rangeChecks);

const withdrawalFilters = z.object({
  id: idFilter.optional(),
  /** Any status when absent (1 paid, 2 refused, 3 under review). */
  status: z.coerce.number().int().min(1).max(3).optional(),
  user: userFilter.optional(),
  /** Part of the destination account (card number, address). */
  destination: z.string().trim().min(2).max(64).optional(),
  min: amountFilter.optional(),
  max: amountFilter.optional(),
  from: instant.optional(),
  to: instant.optional(),
});
export const adminWithdrawalSearchSchema = withdrawalFilters.extend(listPage).superRefine(rangeChecks);
export type AdminWithdrawalSearch = z.input<typeof adminWithdrawalSearchSchema>;
export const adminWithdrawalExportSchema = withdrawalFilters
  .extend({ ids: idListSchema.optional(), reason: reasonSchema })
  .superRefine(rangeChecks);

/** One withdrawal for its reviewer: where it goes and since when, what holds the user, what changed lately. */
export const adminWithdrawalDetailSchema = z.object({
  withdrawal: adminWithdrawalSchema,
  /** When the destination was bound (null when the method is gone). */
  bound_at: z.number().int().nullable(),
  /** Holds running now: the user-wide one after a password change, the one on a newly bound destination. */
  holds: z.array(z.object({ kind: z.enum(['password_change', 'new_destination']), until: z.number().int() })),
  locked: z.boolean(),
  /** The user's security changes of the last 30 days, newest first. */
  security_changes: z.array(
    z.object({
      kind: z.enum(['login_password', 'fund_password', 'method_added', 'method_removed']),
      at: z.number().int(),
      detail: z.string().nullable(),
    }),
  ),
  /** The verified real name, to hold against the payout method's holder (null: not verified). */
  real_name: z.string().nullable(),
  /**
   * Money in and trading since the user's last credited self-service recharge (since registration when there is
   * none): what a reviewer weighs a withdrawal against, a deposit taken straight back out being the pattern to see.
   */
  since_last_deposit: z.object({
    deposit: z.object({ id: z.number().int(), amount: z.string(), at: z.number().int() }).nullable(),
    /** Real-money contract orders placed since then, their stakes and fees, and their settled net result. */
    orders: z.number().int(),
    staked: z.string(),
    net: z.string(),
  }),
});
export type AdminWithdrawalDetail = z.infer<typeof adminWithdrawalDetailSchema>;

const orderFilters = z.object({
  user: userFilter.optional(),
  /** A product's symbol, e.g. BTC/USDT. */
  product: z.string().trim().min(1).max(32).optional(),
  status: z.enum(['open', 'settled']).optional(),
  mode: orderModeSchema.optional(),
  from: instant.optional(),
  to: instant.optional(),
});
export const adminOrderSearchSchema = orderFilters.extend(listPage).superRefine(rangeChecks);
export type AdminOrderSearch = z.input<typeof adminOrderSearchSchema>;
export const adminOrderExportSchema = orderFilters.extend({ reason: reasonSchema }).superRefine(rangeChecks);

export const adminOrderSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  account: z.string(),
  symbol: z.string(),
  direction: directionSchema,
  mode: orderModeSchema,
  amount: z.string(),
  fee: z.string(),
  seconds: z.number().int(),
  open_price: z.string(),
  settle_price: z.string().nullable(),
  status: z.enum(['open', 'settled']),
  result: orderResultSchema.nullable(),
  payout: z.string().nullable(),
  created_at: z.number().int(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrderListSchema = z.object({
  items: z.array(adminOrderSchema),
  total: z.number().int(),
  page: z.number().int(),
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

const auditFilters = z.object({
  operator: z.string().trim().min(1).max(64).optional(),
  /** An action, or its family with a trailing dot ("kyc." for every KYC act). */
  action: z.string().trim().min(1).max(64).optional(),
  /** A target ("user:12") or its kind with a trailing colon ("user:"). */
  target: z.string().trim().min(1).max(128).optional(),
  from: instant.optional(),
  to: instant.optional(),
});
export const adminAuditSearchSchema = auditFilters
  .extend(pageQuerySchema({ maxSize: 500, defaultSize: 50 }).shape)
  .superRefine(rangeChecks);
export type AdminAuditSearch = z.input<typeof adminAuditSearchSchema>;
export const adminAuditExportSchema = auditFilters.extend({ reason: reasonSchema }).superRefine(rangeChecks);

/** The users list's export: the same search as the list, and a reason. */
export const adminUserExportSchema = z.object({ q: z.string().trim().max(64).optional(), reason: reasonSchema });
