import { createECDH } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { MAX_PUSH_DEVICES, PUSH_KINDS, type PushKind, type PushSettings, type PushSubscribeBody } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { deviceName } from '../../platform/http/device-name.ts';
import type { PushServiceRule } from './push-services.ts';
import { pushPreferences, pushSubscriptions } from './push.table.ts';

/** The user's push settings as their Notifications page shows them. */
export async function pushSettingsOf(db: DbOrTx, userId: number, publicKey: string): Promise<PushSettings> {
  const [devices, [prefs]] = await Promise.all([
    db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id)),
    db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId)),
  ]);
  const off = new Set(prefs?.disabled ?? []);
  return {
    public_key: publicKey,
    kinds: Object.fromEntries(PUSH_KINDS.map((k) => [k, !off.has(k)])) as Record<PushKind, boolean>,
    devices: devices.map((d) => ({
      id: d.id,
      label: d.label,
      created_at: Math.floor(d.createdAt.getTime() / 1000),
      last_sent_at: d.lastSentAt ? Math.floor(d.lastSentAt.getTime() / 1000) : null,
    })),
  };
}

/**
 * This device's subscription, for this user. The endpoint is the device's identity: subscribing again updates its
 * keys, and an endpoint another user left on a shared device (signed out without unsubscribing) moves to this one,
 * with nothing of theirs still queued for it. Past MAX_PUSH_DEVICES the oldest device goes.
 */
export async function subscribe(
  tx: DbOrTx,
  userId: number,
  body: PushSubscribeBody,
  context: { allowed: PushServiceRule; userAgent: string | undefined; sessionId: number },
): Promise<void> {
  if (!context.allowed(body.endpoint)) throw new AppError('push_service_refused');
  if (!usableKey(body.p256dh) || Buffer.from(body.auth, 'base64url').length !== 16)
    throw new AppError('invalid_request');
  const label = deviceName(context.userAgent);
  const [row] = await tx
    .execute<{ id: string }>(
      sql`
    INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth, label)
    VALUES (${userId}, ${context.sessionId}, ${body.endpoint}, ${body.p256dh}, ${body.auth}, ${label})
    ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, session_id = excluded.session_id,
      p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label,
      created_at = CASE WHEN push_subscriptions.user_id = excluded.user_id THEN push_subscriptions.created_at ELSE now() END
    RETURNING id`,
    )
    .then((r) => r.rows);
  // A device that changed hands keeps nothing queued for its last user.
  await tx.execute(sql`DELETE FROM push_deliveries WHERE subscription_id = ${row!.id} AND user_id <> ${userId}`);
  await tx.execute(sql`
    DELETE FROM push_subscriptions WHERE id IN (
      SELECT id FROM push_subscriptions WHERE user_id = ${userId}
      ORDER BY created_at DESC, id DESC OFFSET ${MAX_PUSH_DEVICES})`);
}

/** Stops this device (by its endpoint) from receiving this user's notifications. Unknown endpoints are a no-op. */
export async function unsubscribe(db: DbOrTx, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Removes one of the user's devices from the list (a lost phone); someone else's id reads as missing. */
export async function removeDevice(db: DbOrTx, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw new AppError('no_data');
}

/** Turns one kind on or off for every device of the user; the others keep their setting. */
export async function setKind(db: DbOrTx, userId: number, kind: PushKind, enabled: boolean): Promise<void> {
  // One statement: two changes at once from two devices each apply whole, never one over the other's stale read.
  const without = sql`array_remove(push_preferences.disabled, ${kind})`;
  await db.execute(sql`
    INSERT INTO push_preferences (user_id, disabled)
    VALUES (${userId}, ${enabled ? sql`'{}'::text[]` : sql`ARRAY[${kind}]::text[]`})
    ON CONFLICT (user_id) DO UPDATE SET disabled = ${enabled ? without : sql`array_append(${without}, ${kind})`}`);
}

/** A P-256 point the browser could hold the private key of (Node refuses one off the curve). */
function usableKey(p256dh: string): boolean {
  try {
    const key = Buffer.from(p256dh, 'base64url');
    if (key.length !== 65 || key[0] !== 4) return false;
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sessions ended (a sign-out, sessions revoked by the user, a password change or reset, an operator): the devices
 * they subscribed stop receiving, however the session ended, so the next person on a shared phone gets nothing of
 * this user's. `keepSessionId` is the one session that stays.
 */
export async function dropSessionDevices(
  db: DbOrTx,
  ended: { sessionId: number } | { userId: number; keepSessionId?: number },
): Promise<void> {
  if ('sessionId' in ended) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, ended.sessionId));
    return;
  }
  await db.execute(sql`
    DELETE FROM push_subscriptions WHERE user_id = ${ended.userId}
      AND session_id IS DISTINCT FROM ${ended.keepSessionId ?? null}::bigint`);
}
