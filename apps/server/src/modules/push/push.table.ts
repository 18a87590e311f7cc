import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A device's push subscription (RFC 8030): where its push service takes messages for it and the keys to encrypt
 * them for (RFC 8291). One row per endpoint: the same browser subscribing again, or for another user after a
 * sign-out, updates its row rather than adding one.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The session that subscribed it: when that session ends (sign-out, revoked), the device stops receiving. */
    sessionId: bigint('session_id', { mode: 'number' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** "Chrome on Android": what the device list shows, never the raw User-Agent. */
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** The kinds a user turned off (every kind is on until then). */
export const pushPreferences = pgTable('push_preferences', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  disabled: text('disabled')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/**
 * One notification for one device, written in the transaction of the event it tells about and deleted once its push
 * service took it (or gave up on it). The text is rendered when it is sent, in the user's language then.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    /** Which texts and their values (PushMessage). */
    message: jsonb('message').$type<PushMessage>().notNull(),
    link: text('link'),
    tag: text('tag').notNull(),
    urgency: text('urgency').notNull().default('normal'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this: a lease while one node sends it, a back-off after a failure. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('push_deliveries_due_idx').on(t.dueAt, t.id),
    index('push_deliveries_subscription_idx').on(t.subscriptionId),
    check('push_deliveries_urgency', sql`${t.urgency} in ('normal','high')`),
  ],
);

/** Which texts a notification shows: an inbox message's, or a title and body key of the server-only texts. */
export type PushMessage =
  | { inbox: string; params: Record<string, string | number> }
  | { title: string; body: string; params: Record<string, string | number> };
