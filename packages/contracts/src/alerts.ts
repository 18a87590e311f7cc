import { z } from 'zod';

/** Most active price alerts one user may hold. */
export const MAX_ACTIVE_ALERTS = 20;

/**
 * cross: the price reaches `price` (from below or above, as it stood when the alert was set);
 * move: the price moves by `pct` % or more within `minutes` minutes.
 */
export const createAlertBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('cross'),
    symbol: z.string().trim().min(1, 'product_not_found').max(20, 'product_not_found'),
    price: z
      .string({ error: 'please_fill_in' })
      .trim()
      .min(1, 'please_fill_in')
      .regex(/^\d{1,12}(\.\d{1,8})?$/, 'invalid_request'),
  }),
  z.object({
    kind: z.literal('move'),
    symbol: z.string().trim().min(1, 'product_not_found').max(20, 'product_not_found'),
    pct: z
      .string({ error: 'please_fill_in' })
      .trim()
      .regex(/^\d{1,2}(\.\d{1,2})?$/, 'invalid_request'),
    minutes: z.coerce
      .number({ error: 'invalid_request' })
      .int('invalid_request')
      .min(1, 'invalid_request')
      .max(240, 'invalid_request'),
  }),
]);
export type CreateAlertBody = z.input<typeof createAlertBodySchema>;

export const alertIdBodySchema = z.object({
  id: z.coerce.number({ error: 'alert_not_found' }).int('alert_not_found').positive('alert_not_found'),
});

export const alertListQuerySchema = z.object({ symbol: z.string().trim().max(20).optional() });

export const priceAlertSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  kind: z.enum(['cross', 'move']),
  /** cross: which way the price must go to reach the level. */
  direction: z.enum(['above', 'below']).nullable(),
  price: z.string().nullable(),
  pct: z.string().nullable(),
  minutes: z.number().int().nullable(),
  /** The recorded price when the alert was set. */
  base_price: z.string(),
  status: z.enum(['active', 'fired', 'cancelled']),
  created_at: z.number().int(),
  /** The recorded tick that triggered it (second and price). */
  fired_tick: z.object({ ts: z.number().int(), price: z.string() }).nullable(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;
export const alertListSchema = z.object({
  items: z.array(priceAlertSchema),
  active: z.number().int(),
  max: z.number().int(),
});
export type AlertList = z.infer<typeof alertListSchema>;
