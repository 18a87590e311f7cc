import { z } from 'zod';
import { caseDecisionTimesSchema } from './cases.ts';

/**
 * The operators' house view (finance and admin): what is at stake in open orders, what the platform made or paid
 * today by source, and the money waiting for review. Every figure is read from the ledger; each carries the
 * second reading it is checked against, so a screen can show that the two agree to the cent.
 */

/** Money as a decimal string with two places, negative when the house pays. */
const amount = z.string();

export const HOUSE_SOURCES = ['trading', 'fees', 'plans', 'bonuses', 'exchange', 'adjustments'] as const;
export const houseSourceSchema = z.enum(HOUSE_SOURCES);
export type HouseSource = z.infer<typeof houseSourceSchema>;

export const houseProductExposureSchema = z.object({
  product_id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  open_orders: z.number().int(),
  /** Stake frozen by the product's open orders, summed from their opening journals. */
  stake: amount,
  /** The same stake from the orders' own records: equal to `stake` when the two agree. */
  recorded_stake: amount,
  /** What the house pays in profits if every open order wins. */
  pays_if_all_win: amount,
  /** What the house keeps if every open order loses. */
  takes_if_all_lose: amount,
  /** Net for the house if the price ends above every open price (up orders win, down orders lose): negative pays. */
  net_if_up: amount,
  /** The same if the price ends below. */
  net_if_down: amount,
});
export type HouseProductExposure = z.infer<typeof houseProductExposureSchema>;

export const houseSourceResultSchema = z.object({
  source: houseSourceSchema,
  /** What the house accounts of this source received (positive) or paid (negative) today. */
  amount,
  /** The same split by the kind of journal that moved it. */
  kinds: z.array(z.object({ kind: z.string(), amount })),
});

export const housePendingSchema = z.object({
  count: z.number().int(),
  amount,
  /** Deposits: what the ledger has credited for them (0 while under review). Withdrawals: what it holds frozen. */
  ledger_amount: amount,
});

export const houseViewSchema = z.object({
  /** The platform day shown (YYYY-MM-DD in the platform's time zone) and its bounds in seconds. */
  day: z.string(),
  time_zone: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  products: z.array(houseProductExposureSchema),
  open: z.object({ open_orders: z.number().int(), stake: amount, pays_if_all_win: amount, worst_case: amount }),
  sources: z.array(houseSourceResultSchema),
  /** The sum of the sources. */
  result: amount,
  /** The house accounts' change over the day read from their running balances: equal to `result`. */
  ledger_change: amount,
  reconciled: z.boolean(),
  pending: z.object({ deposits: housePendingSchema, withdrawals: housePendingSchema }),
  /** Users' cases decided over the last 30 days and the median time from opened to decided. */
  cases: caseDecisionTimesSchema,
});
export type HouseView = z.infer<typeof houseViewSchema>;
