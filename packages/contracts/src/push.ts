import { z } from 'zod';

/**
 * What web push can tell a user about, each turned on or off by the user (all on until they choose). A kind groups
 * the events a user thinks of as one: `deposit` is a recharge approved or refused.
 */
export const PUSH_KINDS = [
  'order_result',
  'deposit',
  'withdrawal',
  'price_alert',
  'copy_fill',
  'new_device',
  'support_reply',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export const pushKindSchema = z.enum(PUSH_KINDS, { error: 'invalid_request' });

/** Most devices one user may have subscribed at once: a new one past it replaces the oldest. */
export const MAX_PUSH_DEVICES = 10;

/** base64url without padding, as PushSubscription.toJSON() gives keys. */
const base64url = (max: number) =>
  z
    .string({ error: 'invalid_request' })
    .max(max, 'invalid_request')
    .regex(/^[A-Za-z0-9_-]+$/, 'invalid_request');

/**
 * A browser's PushSubscription, flat as every form the app sends is (its toJSON() gives `endpoint` and
 * `keys.p256dh`, `keys.auth`): where to post and the keys to encrypt for (RFC 8291).
 */
export const pushSubscribeBodySchema = z.object({
  endpoint: z
    .string({ error: 'invalid_request' })
    .max(2048, 'invalid_request')
    .regex(/^https?:\/\/[^\s]+$/, 'invalid_request'),
  /** The browser's P-256 public key, uncompressed (65 bytes, 87 characters). */
  p256dh: base64url(100).length(87, 'invalid_request'),
  /** The 16-byte authentication secret (22 characters). */
  auth: base64url(32).length(22, 'invalid_request'),
});
export type PushSubscribeBody = z.input<typeof pushSubscribeBodySchema>;

export const pushEndpointBodySchema = z.object({
  endpoint: z.string({ error: 'invalid_request' }).max(2048, 'invalid_request'),
});

export const pushDeviceIdBodySchema = z.object({
  id: z.coerce.number({ error: 'no_data' }).int('no_data').positive('no_data'),
});

/** One kind turned on ('1') or off ('0') for every device of the user. */
export const pushKindsBodySchema = z.object({
  kind: pushKindSchema,
  on: z.enum(['0', '1'], { error: 'invalid_request' }),
});
export type PushKindsBody = z.input<typeof pushKindsBodySchema>;

export const pushDeviceSchema = z.object({
  id: z.number().int(),
  /** The browser and system it was subscribed from ("Chrome on Android"), from its User-Agent. */
  label: z.string(),
  created_at: z.number().int(),
  /** The last notification its push service accepted; null before the first. */
  last_sent_at: z.number().int().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushSettingsSchema = z.object({
  /** The server's VAPID public key (RFC 8292), base64url: the browser's applicationServerKey. */
  public_key: z.string(),
  /** Each kind on (true) or off. */
  kinds: z.object(Object.fromEntries(PUSH_KINDS.map((k) => [k, z.boolean()])) as Record<PushKind, z.ZodBoolean>),
  /** The devices subscribed now, newest first. */
  devices: z.array(pushDeviceSchema),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** What the service worker shows: the payload the server encrypts for the push service (RFC 8291). */
export const pushPayloadSchema = z.object({
  kind: pushKindSchema,
  title: z.string(),
  body: z.string(),
  /** The page it opens, as a hash route ("#/pages/user/rechargerecord"). */
  link: z.string().nullable(),
  /** A notification with the same tag replaces the earlier one (an order's result, an alert). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
