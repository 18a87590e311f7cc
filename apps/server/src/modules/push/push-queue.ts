import { sql } from 'drizzle-orm';
import type { PushKind } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { pgArray } from '../../platform/db/pg-array.ts';
import type { PushMessage } from './push.table.ts';

const PREFILTER_ABOVE = 8;

/** Something a user should hear about on their devices. */
export type PushEvent = {
  userId: number;
  kind: PushKind;
  message: PushMessage;
  /** The page the notification opens (a hash route), or none. */
  link: string | null;
  /** A later notification with the same tag replaces this one on the device (one per order, one per alert). */
  tag: string;
  /** `high` wakes a sleeping phone now (RFC 8030 §5.3): for what the user must act on, not for every result. */
  urgency?: 'normal' | 'high';
};

/**
 * Queues each event for each device of its user who has that kind on, in one statement. Call it inside the
 * transaction of the event, so a notification exists exactly when the event committed, and once: the event's own
 * idempotency (a message's reference, an order settling once) keeps it from being queued twice. A user with no
 * devices costs one index look-up.
 */
export async function queuePushes(tx: DbOrTx, events: readonly PushEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  // A settlement's batch is thousands of events for users who mostly have no device: find the few who have one
  // first (one index probe each), rather than ship every event's text to the database to be joined away.
  if (events.length > PREFILTER_ABOVE) {
    const users = [...new Set(events.map((e) => e.userId))];
    const subscribed = await tx.execute<{ user_id: string }>(sql`
      SELECT DISTINCT user_id FROM push_subscriptions WHERE user_id = ANY(${pgArray(users)}::bigint[])`);
    if (subscribed.rows.length === 0) return 0;
    const have = new Set(subscribed.rows.map((r) => Number(r.user_id)));
    events = events.filter((e) => have.has(e.userId));
  }
  const rows = events.map((e) => ({
    user_id: e.userId,
    kind: e.kind,
    message: e.message,
    link: e.link,
    tag: e.tag,
    urgency: e.urgency ?? 'normal',
  }));
  const result = await tx.execute(sql`
    INSERT INTO push_deliveries (subscription_id, user_id, kind, message, link, tag, urgency)
    SELECT s.id, e.user_id, e.kind, e.message, e.link, e.tag, e.urgency
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
           AS e(user_id bigint, kind text, message jsonb, link text, tag text, urgency text)
    JOIN push_subscriptions s ON s.user_id = e.user_id
    WHERE NOT EXISTS (SELECT 1 FROM push_preferences p WHERE p.user_id = e.user_id AND e.kind = ANY (p.disabled))`);
  return result.rowCount ?? 0;
}
