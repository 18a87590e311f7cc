import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { isLanguage, DEFAULT_LANGUAGE } from '@app/contracts';
import type { Db } from '../../platform/db/client.ts';
import { pgArray } from '../../platform/db/pg-array.ts';
import { findUser } from '../users/index.ts';
import { renderPush } from './push-text.ts';
import type { PushServiceRule } from './push-services.ts';
import type { PushMessage } from './push.table.ts';
import type { VapidKeys } from './vapid.ts';

export type PushSending = {
  vapid: () => VapidKeys;
  allowed: PushServiceRule;
  log: FastifyBaseLogger;
  /** How long one push service may take to answer. */
  timeoutMs?: number;
};

/** How long a push service keeps a notification for a device that is offline (RFC 8030 §5.2), and how long we try. */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** A node that claimed a notification and died: another sends it after this (at least once, never lost). */
const LEASE_SECONDS = 60;
const MAX_ATTEMPTS = 6;

type Claimed = {
  id: string;
  subscription_id: string;
  user_id: string;
  kind: string;
  message: PushMessage;
  link: string | null;
  tag: string;
  urgency: 'normal' | 'high';
  attempts: number;
  expired: boolean;
  endpoint: string;
  p256dh: string;
  auth: string;
};

type Outcome =
  | { kind: 'sent' }
  | { kind: 'gone' } // 404/410: the subscription is no more (RFC 8030 §7.3)
  | { kind: 'dropped'; why: string } // refused for good, or too old
  | { kind: 'retry'; afterSeconds: number; why: string };

export type DeliveryPass = { sent: number; gone: number; dropped: number; retried: number };

/**
 * Sends up to `batch` due notifications, each to its device's push service, encrypted for it (RFC 8291, aes128gcm)
 * and signed with our VAPID key (RFC 8292). A claim is a lease, not a removal: a node that dies mid-send leaves the
 * row to be sent by the next pass after the lease, so a notification is never lost (and, but for that crash, sent
 * once). Rows of one claim are sent in parallel; the outcome of each is written in one statement per outcome.
 */
export async function sendDuePushes(db: Db, sending: PushSending, batch = 50): Promise<DeliveryPass> {
  const claimed = await db.execute<Claimed>(sql`
    UPDATE push_deliveries d SET due_at = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = d.attempts + 1
    FROM push_subscriptions s
    WHERE d.id IN (SELECT id FROM push_deliveries WHERE due_at <= now() ORDER BY due_at, id
                   LIMIT ${batch} FOR UPDATE SKIP LOCKED)
      AND s.id = d.subscription_id
    RETURNING d.id, d.subscription_id, d.user_id, d.kind, d.message, d.link, d.tag, d.urgency, d.attempts,
              d.created_at < now() - make_interval(secs => ${PUSH_TTL_SECONDS}) AS expired,
              s.endpoint, s.p256dh, s.auth`);
  const rows = claimed.rows;
  if (rows.length === 0) return { sent: 0, gone: 0, dropped: 0, retried: 0 };

  const readers = new Map<number, { lang: ReturnType<typeof languageOf>; code: string | null }>();
  for (const userId of new Set(rows.map((r) => Number(r.user_id)))) {
    const user = await findUser(db, userId);
    readers.set(userId, { lang: languageOf(user?.lang), code: user?.antiPhishingCode ?? null });
  }

  const outcomes = await Promise.all(
    rows.map(async (row): Promise<Outcome> => {
      if (row.expired) return { kind: 'dropped', why: 'expired' };
      // A rule narrowed since it subscribed: never post to a host no longer allowed.
      if (!sending.allowed(row.endpoint)) return { kind: 'dropped', why: 'push service not allowed' };
      const reader = readers.get(Number(row.user_id))!;
      const outcome = await send(row, JSON.stringify(renderPush(row, reader.lang, reader.code)), sending);
      // The last attempt that fails for now is given up.
      return outcome.kind === 'retry' && row.attempts >= MAX_ATTEMPTS
        ? { kind: 'dropped', why: `${outcome.why}; gave up after ${row.attempts} attempts` }
        : outcome;
    }),
  );

  const ids = (kind: Outcome['kind']) => rows.filter((_, i) => outcomes[i]!.kind === kind);
  const sent = ids('sent');
  const gone = ids('gone');
  const finished = [...sent, ...ids('dropped')];
  const retried = rows.flatMap((r, i) => {
    const o = outcomes[i]!;
    return o.kind === 'retry' ? [{ id: r.id, after: o.afterSeconds }] : [];
  });

  for (const [i, o] of outcomes.entries())
    if (o.kind === 'dropped' || o.kind === 'retry')
      sending.log.warn({ delivery: rows[i]!.id, attempts: rows[i]!.attempts, why: o.why }, 'push not delivered');

  await db.transaction(async (tx) => {
    if (finished.length)
      await tx.execute(
        sql`DELETE FROM push_deliveries WHERE id = ANY(${pgArray(finished.map((r) => r.id))}::bigint[])`,
      );
    if (sent.length)
      await tx.execute(sql`UPDATE push_subscriptions SET last_sent_at = now()
        WHERE id = ANY(${pgArray([...new Set(sent.map((r) => r.subscription_id))])}::bigint[])`);
    // Its queued notifications go with it (ON DELETE CASCADE).
    if (gone.length)
      await tx.execute(sql`DELETE FROM push_subscriptions
        WHERE id = ANY(${pgArray([...new Set(gone.map((r) => r.subscription_id))])}::bigint[])`);
    if (retried.length)
      await tx.execute(sql`UPDATE push_deliveries d SET due_at = now() + make_interval(secs => v.after)
        FROM unnest(${pgArray(retried.map((r) => r.id))}::bigint[], ${pgArray(retried.map((r) => r.after))}::int[])
          AS v(id, after)
        WHERE d.id = v.id`);
  });
  return { sent: sent.length, gone: gone.length, dropped: finished.length - sent.length, retried: retried.length };
}

async function send(row: Claimed, payload: string, sending: PushSending): Promise<Outcome> {
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      payload,
      {
        vapidDetails: sending.vapid(),
        TTL: PUSH_TTL_SECONDS,
        urgency: row.urgency,
        contentEncoding: 'aes128gcm',
      },
    );
  } catch (error) {
    // The browser's keys cannot be encrypted for (subscribe checks them, so this is a key the server cannot use):
    // nothing sent to it ever will be.
    sending.log.warn({ subscription: row.subscription_id, err: error }, 'push subscription unusable; removed');
    return { kind: 'gone' };
  }
  // fetch sets the length itself from the body.
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
  ) as Record<string, string>;
  try {
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body as Buffer,
      redirect: 'error',
      signal: AbortSignal.timeout(sending.timeoutMs ?? 10_000),
    });
    await response.body?.cancel();
    if (response.ok) return { kind: 'sent' };
    if (response.status === 404 || response.status === 410) return { kind: 'gone' };
    if (response.status === 429 || response.status >= 500)
      return {
        kind: 'retry',
        afterSeconds: retryAfter(response, row.attempts),
        why: `push service ${response.status}`,
      };
    return { kind: 'dropped', why: `push service ${response.status}` };
  } catch (error) {
    return { kind: 'retry', afterSeconds: retryAfter(null, row.attempts), why: (error as Error).message };
  }
}

/** The push service's Retry-After where it gave one (seconds), else 10 s doubling per attempt, at most an hour. */
function retryAfter(response: Response | null, attempts: number): number {
  const given = Number(response?.headers.get('retry-after'));
  if (Number.isFinite(given) && given > 0) return Math.min(3600, Math.ceil(given));
  return Math.min(3600, 10 * 2 ** (attempts - 1));
}

const languageOf = (language: string | null | undefined) => (isLanguage(language) ? language : DEFAULT_LANGUAGE);
