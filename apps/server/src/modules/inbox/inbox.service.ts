import { afterCursor, nextCursor, offsetOf, type PageInput } from '../../platform/db/keyset.ts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { InboxList, InboxMessage, Language } from '@app/contracts';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { inboxMessages } from './inbox.table.ts';
import { INBOX_KINDS, translate, translateInbox } from '@app/i18n/catalogue';
import { findUser } from '../users/index.ts';
import { countUpToCap } from '../../platform/db/capped-count.ts';
import { pgArray } from '../../platform/db/pg-array.ts';
import { queuePushes } from '../push/index.ts';
import type { PushKind } from '@app/contracts';

export type InboxParams = Record<string, string | number>;

export type InboxInput = {
  userId: number;
  /** A kind of the i18n `inbox` namespace (deposit_approved, withdrawal_refused, plan_matured, realname_approved, ...). */
  kind: string;
  /** The values its texts name ({{amount}}, {{reason}}, ...): plain strings and numbers, never HTML. */
  params?: InboxParams;
  /** Unique per user and event (e.g. `deposit:42:approved`): writing it again is a no-op. */
  reference: string;
};

/**
 * Writes one message to a user's inbox. Call it inside the transaction of the event it tells about, so
 * the message exists exactly when the event committed. Returns false when that reference was written
 * before (a retried event).
 */
export async function postInboxMessage(tx: DbOrTx, input: InboxInput): Promise<boolean> {
  return (await postInboxMessages(tx, [input])) > 0;
}

/**
 * Several events' messages (a job's batch) in one statement, each as postInboxMessage writes it; returns how many
 * were new.
 */
export async function postInboxMessages(tx: DbOrTx, inputs: InboxInput[]): Promise<number> {
  if (inputs.length === 0) return 0;
  for (const input of inputs)
    if (input.kind !== 'operator' && !INBOX_KINDS.includes(input.kind))
      throw new Error(`unknown inbox kind ${input.kind}`);
  const rows = await tx
    .insert(inboxMessages)
    .values(inputs.map((i) => ({ userId: i.userId, kind: i.kind, params: i.params ?? {}, reference: i.reference })))
    .onConflictDoNothing({ target: [inboxMessages.userId, inboxMessages.reference] })
    .returning({
      id: inboxMessages.id,
      userId: inboxMessages.userId,
      kind: inboxMessages.kind,
      params: inboxMessages.params,
    });
  // Only a message written now is pushed: a retried event's reference wrote nothing, so nothing is pushed twice.
  await queuePushes(
    tx,
    rows.flatMap((r) => {
      const push = PUSHED[r.kind];
      if (!push) return [];
      const params = r.params ?? {};
      return [
        {
          userId: r.userId,
          kind: push.kind,
          message: { inbox: r.kind, params },
          link: linkOf(r.kind, params),
          tag: `inbox:${r.id}`,
          urgency: push.urgency,
        },
      ];
    }),
  );
  return rows.length;
}

/** The messages that also reach the user's devices, under the kind they turn on or off in Settings. */
const PUSHED: Record<string, { kind: PushKind; urgency?: 'high' }> = {
  deposit_approved: { kind: 'deposit' },
  deposit_refused: { kind: 'deposit' },
  withdrawal_approved: { kind: 'withdrawal' },
  withdrawal_refused: { kind: 'withdrawal' },
  price_alert: { kind: 'price_alert', urgency: 'high' },
  support_reply: { kind: 'support_reply' },
  new_device_signin: { kind: 'new_device', urgency: 'high' },
  // Someone turning a protection off is the same alarm as someone signing in: the owner must hear of it at once.
  allowlist_turning_off: { kind: 'new_device', urgency: 'high' },
};

/** An operator's message to every user who exists now: one row each, in one statement. */
export async function postToEveryone(tx: Tx, input: { params: InboxParams; reference: string }): Promise<number> {
  const result = await tx.execute(sql`
    INSERT INTO inbox_messages (user_id, kind, params, reference)
    SELECT id, 'operator', ${JSON.stringify(input.params)}::jsonb, ${input.reference} FROM users
    ON CONFLICT (user_id, reference) DO NOTHING`);
  return result.rowCount ?? 0;
}

/**
 * One message with the same text to each of these users (the holders a rate change reaches), one statement per
 * chunk of ids, so a million holders cost seconds, not a million round trips.
 */
export async function postToUsers(
  tx: DbOrTx,
  userIds: number[],
  input: { kind: string; params: InboxParams; reference: string },
): Promise<number> {
  if (!INBOX_KINDS.includes(input.kind)) throw new Error(`unknown inbox kind ${input.kind}`);
  let posted = 0;
  for (let from = 0; from < userIds.length; from += USERS_PER_STATEMENT) {
    const ids = userIds.slice(from, from + USERS_PER_STATEMENT);
    const result = await tx.execute(sql`
      INSERT INTO inbox_messages (user_id, kind, params, reference)
      SELECT unnest(${pgArray(ids)}::bigint[]), ${input.kind}, ${JSON.stringify(input.params)}::jsonb, ${input.reference}
      ON CONFLICT (user_id, reference) DO NOTHING`);
    posted += result.rowCount ?? 0;
  }
  return posted;
}
const USERS_PER_STATEMENT = 50_000;

const LINKS: Record<string, string> = {
  deposit_approved: '#/pages/user/rechargerecord',
  deposit_refused: '#/pages/user/rechargerecord',
  withdrawal_approved: '#/pages/user/cashrecord',
  withdrawal_refused: '#/pages/user/cashrecord',
  plan_matured: '#/pages/project/myproject',
  checkin_reward: '#/pages/user/activityCenter',
  support_reply: '#/pages/customer/customer',
  realname_approved: '#/pages/user/auth',
  realname_refused: '#/pages/user/auth',
  price_alert: '#/pages/trade/trade',
  yuebao_out_arrived: '#/pages/project/flexible',
  yuebao_rate_change: '#/pages/project/flexible',
  new_device_signin: '#/pages/user/security',
  account_frozen: '#/pages/user/security',
  allowlist_turning_off: '#/pages/user/allowlist',
  case_upheld: '#/pages/user/cases',
  case_corrected: '#/pages/user/cases',
};

/** The page a message opens: a price alert opens its own product's page. */
function linkOf(kind: string, params: InboxParams): string | null {
  if (kind === 'price_alert' && params.symbol)
    return `${LINKS.price_alert}?symbol=${encodeURIComponent(String(params.symbol))}`;
  return LINKS[kind] ?? null;
}

/** Kinds about the platform rather than the user's own money or data. */
const SYSTEM_KINDS = new Set(['operator', 'price_alert', 'yuebao_rate_change']);

/** A stored message as its reader sees it, in the reader's language. */
/**
 * A message as the user reads it; with their anti-phishing code set, the body starts with it (added as it is
 * read, so messages written before it was set or changed carry the current one).
 */
export function renderMessage(
  row: typeof inboxMessages.$inferSelect,
  lang: Language,
  antiPhishingCode: string | null = null,
): InboxMessage {
  const params = row.params ?? {};
  const text =
    row.kind === 'operator'
      ? // An operator's message keeps its English text as title/body and each other language as title.<lang>.
        {
          title: String(params[`title.${lang}`] ?? params.title ?? ''),
          body: String(params[`title.${lang}`] !== undefined ? (params[`body.${lang}`] ?? '') : (params.body ?? '')),
        }
      : (translateInbox(lang, row.kind, params) ?? { title: row.kind, body: '' });
  return {
    id: row.id,
    kind: row.kind,
    category: SYSTEM_KINDS.has(row.kind) ? 'system' : 'account',
    title: text.title,
    body: antiPhishingCode ? `${antiPhishingLine(lang, antiPhishingCode)}\n\n${text.body}` : text.body,
    link: linkOf(row.kind, params),
    read: row.readAt !== null,
    created_at: Math.floor(row.createdAt.getTime() / 1000),
  };
}

/**
 * The unread messages, counted only as far as COUNT_CAP: a badge shows "99+" past 99, and a user who never reads
 * (a million alerts) costs what any other does.
 */
export async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  return (await countUpToCap(db, inboxMessages, and(eq(inboxMessages.userId, userId), isNull(inboxMessages.readAt))))
    .total;
}

export async function listMessages(
  db: DbOrTx,
  q: PageInput & { userId: number; lang: Language; unreadOnly: boolean },
): Promise<InboxList> {
  const where = and(eq(inboxMessages.userId, q.userId), q.unreadOnly ? isNull(inboxMessages.readAt) : undefined);
  const [rows, counted, unread, code] = await Promise.all([
    db
      .select()
      .from(inboxMessages)
      .where(and(where, afterCursor(inboxMessages.id, q)))
      .orderBy(desc(inboxMessages.id))
      .limit(q.size)
      .offset(offsetOf(q)),
    countUpToCap(db, inboxMessages, where),
    unreadCount(db, q.userId),
    antiPhishingCodeOf(db, q.userId),
  ]);
  return {
    items: rows.map((r) => renderMessage(r, q.lang, code)),
    ...counted,
    unread,
    next: nextCursor(rows, q.size),
  };
}

/** One message, marked read. Someone else's id reads like a missing one. */
export async function readMessage(db: DbOrTx, userId: number, id: number, lang: Language): Promise<InboxMessage> {
  const [row] = await db
    .update(inboxMessages)
    .set({ readAt: sql`coalesce(${inboxMessages.readAt}, now())` })
    .where(and(eq(inboxMessages.id, id), eq(inboxMessages.userId, userId)))
    .returning();
  if (!row) throw new AppError('no_data');
  return renderMessage(row, lang, await antiPhishingCodeOf(db, userId));
}

export async function readAll(db: DbOrTx, userId: number): Promise<{ marked: number }> {
  const rows = await db
    .update(inboxMessages)
    .set({ readAt: sql`now()` })
    .where(and(eq(inboxMessages.userId, userId), isNull(inboxMessages.readAt)))
    .returning({ id: inboxMessages.id });
  return { marked: rows.length };
}

/** How many new messages one look for notices returns at most: a burst beyond it waits in the inbox. */
const NOTICE_BATCH = 10;

/**
 * The messages written after message `after` (oldest first, NOTICE_BATCH at most) and the newest id, for the open
 * page's toasts and for push. Without `after`, only the newest id: nothing older is news.
 */
export async function messagesAfter(
  db: DbOrTx,
  userId: number,
  after: number | undefined,
  lang: Language,
): Promise<{ items: InboxMessage[]; last: number }> {
  if (after === undefined) {
    const [row] = await db
      .select({ id: inboxMessages.id })
      .from(inboxMessages)
      .where(eq(inboxMessages.userId, userId))
      .orderBy(desc(inboxMessages.id))
      .limit(1);
    return { items: [], last: row?.id ?? 0 };
  }
  const rows = await db
    .select()
    .from(inboxMessages)
    .where(and(eq(inboxMessages.userId, userId), sql`${inboxMessages.id} > ${after}`))
    .orderBy(inboxMessages.id)
    .limit(NOTICE_BATCH);
  return { items: rows.map((r) => renderMessage(r, lang)), last: rows.at(-1)?.id ?? after };
}

const antiPhishingCodeOf = async (db: DbOrTx, userId: number) => (await findUser(db, userId))?.antiPhishingCode ?? null;

/** "Anti-phishing code: …", the line our messages start with once the user set one. */
export const antiPhishingLine = (lang: Language, code: string) => translate(lang, 'anti_phishing_line', { code });
