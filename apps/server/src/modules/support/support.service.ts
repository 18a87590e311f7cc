import { createHash, randomBytes } from 'node:crypto';
import { toldUser, type UserWording } from '../../platform/messaging/user-wording.ts';
import { and, asc, count, desc, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  AdminSupportConversationItem,
  AdminSupportMessage,
  SupportConversation,
  SupportMessage,
  SupportQueueState,
  SupportTopic,
} from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { postInboxMessage } from '../inbox/index.ts';
import { operatorMay } from '../operators/index.ts';
import { accountOf, userTagByPhone } from '../users/index.ts';
import { qualifiedColumn } from '../../platform/db/qualified-column.ts';
import { supportConversations, supportMessages } from './support.table.ts';
import { seconds } from '../../platform/time/epoch.ts';

type Row = typeof supportMessages.$inferSelect;
type ConversationRow = typeof supportConversations.$inferSelect;

const view = (r: Row): SupportMessage => ({
  id: r.id,
  from: r.author as 'user' | 'operator',
  body: r.body,
  topic: (r.topic as SupportTopic | null) ?? null,
  created_at: seconds(r.createdAt),
});

export async function supportUnread(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportMessages)
    .where(
      and(eq(supportMessages.userId, userId), eq(supportMessages.author, 'operator'), isNull(supportMessages.readAt)),
    );
  return row?.n ?? 0;
}

/** The user's conversation (latest 200, oldest first) with the unread count before this reading. */
export async function conversation(db: DbOrTx, userId: number): Promise<SupportConversation> {
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.userId, userId))
      .orderBy(desc(supportMessages.id))
      .limit(200),
    supportUnread(db, userId),
  ]);
  return { items: rows.reverse().map(view), unread };
}

/** The user has seen the operators' answers. */
export async function markSupportRead(db: DbOrTx, userId: number) {
  await db
    .update(supportMessages)
    .set({ readAt: sql`now()` })
    .where(
      and(eq(supportMessages.userId, userId), eq(supportMessages.author, 'operator'), isNull(supportMessages.readAt)),
    );
}

/** A message from the user's side: it (re)opens the conversation and puts it back in the queue. */
const reopened = { state: 'open', lastAuthor: 'user', lastMessageAt: sql`now()` } as const;

export async function userWrites(db: Db, userId: number, body: string, topic?: SupportTopic) {
  return db.transaction(async (tx) => {
    const [c] = await tx
      .insert(supportConversations)
      .values({ userId })
      .onConflictDoUpdate({ target: supportConversations.userId, set: reopened })
      .returning({ id: supportConversations.id });
    const [row] = await tx
      .insert(supportMessages)
      .values({ conversationId: c!.id, userId, author: 'user', body, topic: topic ?? null })
      .returning();
    return view(row!);
  });
}

// ---------- logged out: a conversation tied to a phone proved by SMS code ----------

const GUEST_TICKET_HOURS = 24;
const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * Opens (or opens again) the conversation of a phone number whose code was checked and spent by the caller,
 * inside `tx`, and hands out a new ticket for it; an older ticket stops working.
 */
export async function openGuestConversation(tx: DbOrTx, phone: string) {
  const ticket = `sct_${randomBytes(24).toString('base64url')}`;
  const expires = new Date(Date.now() + GUEST_TICKET_HOURS * 3600_000);
  const set = { ticketHash: ticketHash(ticket), ticketExpiresAt: expires, phoneVerifiedAt: sql`now()` };
  await tx
    .insert(supportConversations)
    .values({ phone, ...set, lastAuthor: 'user' })
    .onConflictDoUpdate({
      target: supportConversations.phone,
      targetWhere: sql`${supportConversations.userId} is null`,
      set,
    });
  return { ticket, expires_at: seconds(expires) };
}

async function guestConversationOf(db: DbOrTx, ticket: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(
      and(
        eq(supportConversations.ticketHash, ticketHash(ticket)),
        isNull(supportConversations.userId),
        gt(supportConversations.ticketExpiresAt, sql`now()`),
      ),
    );
  if (!row) throw new AppError('support_ticket_expired');
  return row;
}

export async function guestConversation(db: DbOrTx, ticket: string) {
  const c = await guestConversationOf(db, ticket);
  const rows = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.conversationId, c.id))
    .orderBy(desc(supportMessages.id))
    .limit(200);
  return { phone: c.phone!, items: rows.reverse().map(view) };
}

export async function guestWrites(db: Db, ticket: string, body: string) {
  return db.transaction(async (tx) => {
    const c = await guestConversationOf(tx, ticket);
    await tx.update(supportConversations).set(reopened).where(eq(supportConversations.id, c.id));
    const [row] = await tx.insert(supportMessages).values({ conversationId: c.id, author: 'user', body }).returning();
    return view(row!);
  });
}

// ---------- the operators' queue ----------

const queueState = (c: ConversationRow): SupportQueueState =>
  c.state === 'closed' ? 'closed' : c.assignedTo ? 'assigned' : 'open';

const stateIs = (state: SupportQueueState): SQL =>
  state === 'closed'
    ? eq(supportConversations.state, 'closed')
    : and(
        eq(supportConversations.state, 'open'),
        state === 'assigned' ? isNotNull(supportConversations.assignedTo) : isNull(supportConversations.assignedTo),
      )!;

// A logged-out conversation's phone may be an account's: the operator sees whose (and checks it is them).
const matched = userTagByPhone(supportConversations.phone);
const lastBody = sql<string>`(select left(m.body, 80) from ${supportMessages} m where m.conversation_id = ${qualifiedColumn(supportConversations.id)} order by m.id desc limit 1)`;

function toItem(c: ConversationRow, account: string | null, match: string | null, last: string | null) {
  const [id, matchAccount] = match
    ? [Number(match.slice(0, match.indexOf(':'))), match.slice(match.indexOf(':') + 1)]
    : [];
  const item: AdminSupportConversationItem = {
    id: c.id,
    state: queueState(c),
    assigned_to: c.assignedTo,
    user_id: c.userId,
    account,
    phone: c.userId === null ? c.phone : null,
    phone_verified: c.userId === null && c.phoneVerifiedAt !== null,
    matched_user: c.userId === null && id !== undefined ? { id, account: matchAccount! } : null,
    awaiting_answer: c.state === 'open' && c.lastAuthor === 'user',
    last: last ?? '',
    last_at: seconds(c.lastMessageAt),
    created_at: seconds(c.createdAt),
  };
  return item;
}

export type QueueFilter = { state?: SupportQueueState | undefined; assignee?: string | undefined };

/** One page of conversations: those awaiting an answer first, then the latest. */
export async function supportQueue(db: DbOrTx, f: QueueFilter, page: { limit: number; offset: number }) {
  const where = and(
    f.state ? stateIs(f.state) : undefined,
    f.assignee ? eq(supportConversations.assignedTo, f.assignee) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        c: supportConversations,
        account: accountOf(supportConversations.userId),
        match: matched,
        last: lastBody,
      })
      .from(supportConversations)
      .where(where)
      .orderBy(
        sql`(${supportConversations.state} = 'open' and ${supportConversations.lastAuthor} = 'user') desc`,
        desc(supportConversations.lastMessageAt),
      )
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(supportConversations).where(where),
  ]);
  return {
    items: rows.map((r) => toItem(r.c, r.account, r.match, r.last)),
    total: Number(total?.n ?? 0),
  };
}

async function conversationItem(db: DbOrTx, id: number) {
  const [r] = await db
    .select({
      c: supportConversations,
      account: accountOf(supportConversations.userId),
      match: matched,
      last: lastBody,
    })
    .from(supportConversations)
    .where(eq(supportConversations.id, id));
  if (!r) throw new AppError('no_data');
  return toItem(r.c, r.account, r.match, r.last);
}

export async function supportThread(db: DbOrTx, id: number) {
  const conversation = await conversationItem(db, id);
  const rows = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.conversationId, id))
    .orderBy(asc(supportMessages.id))
    .limit(500);
  const messages: AdminSupportMessage[] = rows.map((r) => ({ ...view(r), operator: r.operator }));
  return { conversation, messages };
}

type Act = { id: number; operator: string; ip?: string | undefined };

async function lockConversation(tx: DbOrTx, id: number) {
  const [c] = await tx.select().from(supportConversations).where(eq(supportConversations.id, id)).for('update');
  if (!c) throw new AppError('no_data');
  return c;
}

/**
 * An operator's answer: stored, audited and (for a signed-in user) announced in their inbox, in one transaction.
 * An unassigned conversation becomes the answering operator's. The answer is their own text, or a reply template
 * rendered in the user's language (English for a logged-out writer, whose language the server does not know).
 */
export async function operatorReplies(
  db: Db,
  input: Act & ({ body: string; wording?: undefined } | { body?: undefined; wording: UserWording }),
): Promise<SupportMessage> {
  return db.transaction(async (tx) => {
    const c = await lockConversation(tx, input.id);
    const told = await toldUser(tx, input.wording, c.userId, input.body ?? '');
    const [row] = await tx
      .insert(supportMessages)
      .values({
        conversationId: c.id,
        userId: c.userId,
        author: 'operator',
        operator: input.operator,
        body: told.text,
      })
      .returning();
    await tx
      .update(supportConversations)
      .set({
        state: 'open',
        lastAuthor: 'operator',
        lastMessageAt: sql`now()`,
        assignedTo: c.assignedTo ?? input.operator,
      })
      .where(eq(supportConversations.id, c.id));
    if (c.userId !== null)
      await postInboxMessage(tx, { userId: c.userId, kind: 'support_reply', reference: `support:${row!.id}` });
    await audit(tx, {
      operator: input.operator,
      action: 'support.reply',
      target: c.userId !== null ? `user:${c.userId}` : `support:${c.id}`,
      reason: 'customer service answer',
      details: { conversation: c.id, message: row!.id, ...told.audited },
      ...(input.ip ? { ip: input.ip } : {}),
    });
    return view(row!);
  });
}

/** Hands the conversation to an operator (oneself or another who may answer), audited with before and after. */
export async function assignConversation(db: Db, input: Act & { to: string; reason: string }) {
  return db.transaction(async (tx) => {
    if (!(await operatorMay(tx, input.to, 'support.reply'))) throw new AppError('permission_denied');
    const c = await lockConversation(tx, input.id);
    await tx
      .update(supportConversations)
      .set({ assignedTo: input.to, state: 'open' })
      .where(eq(supportConversations.id, c.id));
    await audit(tx, {
      operator: input.operator,
      action: 'support.assign',
      target: `support:${c.id}`,
      reason: input.reason,
      details: {
        before: { assigned_to: c.assignedTo, state: c.state },
        after: { assigned_to: input.to, state: 'open' },
      },
      ...(input.ip ? { ip: input.ip } : {}),
    });
    return conversationItem(tx, c.id);
  });
}

/** Closes the conversation (a new message from the user opens it again), audited. */
export async function closeConversation(db: Db, input: Act & { reason: string }) {
  return db.transaction(async (tx) => {
    const c = await lockConversation(tx, input.id);
    await tx.update(supportConversations).set({ state: 'closed' }).where(eq(supportConversations.id, c.id));
    await audit(tx, {
      operator: input.operator,
      action: 'support.close',
      target: `support:${c.id}`,
      reason: input.reason,
      details: { before: { state: c.state, assigned_to: c.assignedTo }, after: { state: 'closed' } },
      ...(input.ip ? { ip: input.ip } : {}),
    });
    return conversationItem(tx, c.id);
  });
}
