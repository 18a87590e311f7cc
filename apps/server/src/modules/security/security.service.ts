import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, isLanguage, type FreezeAnswer, type LoginRecord, type UserSession } from '@app/contracts';
import { translate } from '@app/i18n/catalogue';
import { findUser, setAccountFrozen } from '../users/index.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { postInboxMessage } from '../inbox/index.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  isOwnOpenSession,
  liveSessionsOf,
  revokeSession,
  revokeUserSessions,
  sessionOfToken,
  withAntiPhishing,
  type SessionOpened,
} from '../auth/index.ts';
import { knownDevices, latestSignIns } from './known-devices.ts';
import { loginRecords, selfFreezes } from './security.table.ts';
import { deviceName } from '../../platform/http/device-name.ts';
import { seconds } from '../../platform/time/epoch.ts';

export const LOGIN_HISTORY = 20;

/**
 * Records the login (or registration) that opened the session a token names. A login on a device the user has not
 * signed in on before (by its browser and system, as the device list names it) tells them, in the inbox and on
 * their other devices: a stolen password shows itself the moment it is used.
 */
export async function recordLogin(db: Db, input: SessionOpened) {
  const session = await sessionOfToken(db, input.token);
  if (!session) return;
  const device = deviceName(input.userAgent);
  const isNew = await db.transaction(async (tx) => {
    const earlier = input.kind === 'login' ? await latestSignIns(tx, session.userId) : [];
    await tx.insert(loginRecords).values({
      userId: session.userId,
      sessionId: session.id,
      kind: input.kind,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 400) ?? null,
    });
    // A client that names no browser (a script, an old record) neither counts as a known device nor raises one.
    const known = knownDevices(earlier).map((d) => d.device);
    if (device === 'unknown' || known.length === 0 || known.includes(device)) return false;
    await postInboxMessage(tx, {
      userId: session.userId,
      kind: 'new_device_signin',
      params: { device, ip: input.ip },
      reference: `login:${session.id}`,
    });
    return true;
  });
  // The SMS goes to the account's phone, in the user's language, after the record committed: a thief who has the
  // password and not the phone cannot keep the owner from hearing of it.
  if (isNew) {
    const user = await findUser(db, session.userId);
    if (!user) return;
    const lang = isLanguage(user.lang) ? user.lang : DEFAULT_LANGUAGE;
    const time = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const body = translate(lang, 'sms_new_device_text', { device, ip: input.ip, time });
    await input.sender.send({
      channel: 'sms',
      recipient: user.phone,
      body: await withAntiPhishing(db, user.phone, lang, body),
    });
  }
}

/** The device each session was opened on: the user agent its login was recorded with. */
export async function sessionAgents(db: DbOrTx, userId: number, sessionIds: readonly number[]) {
  const agents = new Map<number, string | null>();
  if (!sessionIds.length) return agents;
  const logins = await db
    .select({ sessionId: loginRecords.sessionId, userAgent: loginRecords.userAgent })
    .from(loginRecords)
    .where(and(eq(loginRecords.userId, userId), inArray(loginRecords.sessionId, [...sessionIds])));
  for (const l of logins) if (l.sessionId !== null) agents.set(l.sessionId, l.userAgent);
  return agents;
}

/** The user's live sessions, the current one first. */
export async function liveSessions(db: DbOrTx, userId: number, currentId: number): Promise<UserSession[]> {
  const { rows } = await liveSessionsOf(db, userId);
  const agents = await sessionAgents(
    db,
    userId,
    rows.map((r) => r.id),
  );
  return rows
    .map((r) => ({
      id: r.id,
      current: r.id === currentId,
      device: deviceName(agents.get(r.id)),
      ip: r.ip,
      created_at: seconds(r.createdAt),
      last_seen_at: seconds(r.lastSeenAt),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * The user's one-tap freeze (Security, or from a new-device alert): withdrawals and payout-method changes stop at
 * once and every other session is signed out, in one transaction; the inbox tells the user, and `self_freezes`
 * tells customer service when and from which session. Only customer service lifts it (the operator API, audited).
 * Freezing again keeps the first freeze's time.
 */
export async function freezeMyAccount(
  db: Db,
  user: { userId: number; sessionId: number; ip: string },
): Promise<FreezeAnswer> {
  const { userId, sessionId: currentId } = user;
  return db.transaction(async (tx) => {
    const others = (await liveSessionsOf(tx, userId)).rows.filter((r) => r.id !== currentId).length;
    const row = await setAccountFrozen(tx, userId, true);
    if (!row) throw new AppError('user_not_found');
    await revokeUserSessions(tx, userId, currentId);
    const frozenAt = seconds(row.frozenAt!);
    // A freeze this press began carries this transaction's now() (a Date holds it to the millisecond); any other
    // time is an earlier freeze the row kept, perhaps one that committed while this press waited for the row.
    const since = row.frozenAt!.toISOString();
    await tx.insert(selfFreezes).values({
      userId,
      sessionId: currentId,
      ip: user.ip,
      signedOut: others,
      alreadyFrozenSince: sql`nullif(${since}::timestamptz, date_trunc('milliseconds', now()))`,
    });
    await postInboxMessage(tx, {
      userId,
      kind: 'account_frozen',
      reference: `freeze:${frozenAt}`,
    });
    return { frozen_at: frozenAt, signed_out: others };
  });
}

export async function logoutOthers(db: DbOrTx, userId: number, currentId: number) {
  await revokeUserSessions(db, userId, currentId);
}

/** Ends one of the user's own sessions; someone else's id reads like a missing one. */
export async function logoutSession(db: DbOrTx, userId: number, sessionId: number) {
  if (!(await isOwnOpenSession(db, userId, sessionId))) throw new AppError('no_data');
  await revokeSession(db, sessionId);
}

export async function lastLogins(db: DbOrTx, userId: number): Promise<LoginRecord[]> {
  const rows = await db
    .select()
    .from(loginRecords)
    .where(eq(loginRecords.userId, userId))
    .orderBy(desc(loginRecords.id))
    .limit(LOGIN_HISTORY);
  return rows.map((r) => ({
    kind: r.kind as LoginRecord['kind'],
    device: deviceName(r.userAgent),
    ip: r.ip,
    at: seconds(r.createdAt),
  }));
}
