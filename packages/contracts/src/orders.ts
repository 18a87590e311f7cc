import { z } from 'zod';
import { cursorPageOf, cursorQuery, pageQuerySchema } from './page.ts';
import { idempotencyKey } from './fields.ts';
import { orderLogIndexSchema } from './transparency.ts';

export const directionSchema = z.enum(['up', 'down']);
export type Direction = z.infer<typeof directionSchema>;

/** real: the user's own balance; practice: the virtual practice balance (PUSD), never mixed with real money. */
export const orderModeSchema = z.enum(['real', 'practice']);
export type OrderMode = z.infer<typeof orderModeSchema>;

export const placeOrderBodySchema = z.object({
  symbol: z.string().trim().min(1, 'product_not_found').max(20, 'product_not_found'),
  seconds: z.coerce.number({ error: 'invalid_request' }).int('invalid_request').positive('invalid_request'),
  amount: z
    .string({ error: 'please_fill_in' })
    .trim()
    .min(1, 'please_fill_in')
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'invalid_request'),
  direction: directionSchema,
  key: idempotencyKey,
  mode: orderModeSchema.default('real'),
});
export type PlaceOrderBody = z.input<typeof placeOrderBodySchema>;

/** void: the second-source rule voided the order (the two sources disagreed, or the second had no price): stake and fee returned. */
export const orderResultSchema = z.enum(['win', 'loss', 'draw', 'void']);
export type OrderResult = z.infer<typeof orderResultSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  direction: directionSchema,
  amount: z.string(),
  fee: z.string(),
  seconds: z.number().int(),
  payout_pct: z.string(),
  loss_pct: z.string(),
  open_price: z.string(),
  open_time: z.number().int(),
  /** open_time + seconds: the second whose recorded price settles the order. */
  settle_time: z.number().int(),
  settle_price: z.string().nullable(),
  settled_at: z.number().int().nullable(),
  status: z.enum(['open', 'settled']),
  result: orderResultSchema.nullable(),
  /** What came back to the balance at settlement (stake included). */
  payout: z.string().nullable(),
  /** payout - amount - fee: the order's profit or loss. */
  pnl: z.string().nullable(),
  /** Shown before confirmation: the profit on a win and the loss if wrong (fee included). */
  expected_profit: z.string(),
  expected_loss: z.string(),
  simulated: z.boolean(),
  mode: orderModeSchema,
  /** The second-source rule the order was placed under (null: none applies). */
  reference: z
    .object({ source: z.string(), tolerance_pct: z.string(), max_age_seconds: z.number().int() })
    .nullable()
    .optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** One order as its detail shows it: with where its placement and settlement sit in the transparency log. */
export const orderDetailSchema = orderSchema.extend({ log_index: orderLogIndexSchema });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderIdQuerySchema = z.object({
  id: z.coerce.number({ error: 'no_data' }).int('no_data').positive('no_data'),
});

export const orderListQuerySchema = z.object({
  status: z.enum(['open', 'settled']).optional(),
  /** Practice orders are listed apart: a list holds one mode only. */
  mode: orderModeSchema.default('real'),
  ...pageQuerySchema({ maxSize: 100, defaultSize: 20 }).shape,
  ...cursorQuery,
});
export const orderListSchema = cursorPageOf(orderSchema);
export type OrderList = z.infer<typeof orderListSchema>;
