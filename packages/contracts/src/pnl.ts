import { z } from 'zod';
import { orderModeSchema } from './orders.ts';

export const pnlQuerySchema = z.object({ mode: orderModeSchema.default('real') });

const tally = z.object({
  /** Settled orders counted. */
  orders: z.number().int(),
  wins: z.number().int(),
  /** Net result after fees: the sum of payout - amount - fee. */
  pnl: z.string(),
  fees: z.string(),
});
export type PnlTally = z.infer<typeof tally>;

/** One's own contract results, computed from the orders on each request (never stored). */
export const pnlSchema = z.object({
  mode: orderModeSchema,
  /** Today in the platform time zone (YYYY-MM-DD): days and periods are platform days. */
  today: z.string(),
  total: tally.extend({
    losses: z.number().int(),
    draws: z.number().int(),
    /** wins / orders as a percent with two decimals; null with no settled order. */
    win_rate: z.string().nullable(),
    /** Open orders, not in any result yet. */
    open: z.number().int(),
  }),
  /** Platform calendar days (YYYY-MM-DD) with settled orders, newest first. */
  by_day: z.array(tally.extend({ day: z.string() })),
  by_product: z.array(tally.extend({ symbol: z.string(), name: z.string() })),
  /** Today, the last 7 and 30 platform days (today included), and everything. */
  periods: z.object({ today: tally, week: tally, month: tally, all: tally }),
});
export type Pnl = z.infer<typeof pnlSchema>;
