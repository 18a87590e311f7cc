import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { USER_TAGS_MAX, type AdminUserNotes } from '@app/contracts';
import type { Db } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { XACT_LOCKS } from '../../platform/db/advisory-locks.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OperatorAct } from '../../platform/http/operator-act.ts';
import { seconds } from '../../platform/time/epoch.ts';
import { findUser } from '../users/index.ts';
import { userNotes, userTags } from './user-notes.table.ts';

const NOTES_SHOWN = 100;

/** A user's tags, oldest first, and their latest notes, newest first (removed ones left out). */
export async function notesOf(db: Db, userId: number): Promise<AdminUserNotes> {
  const [tags, notes] = await Promise.all([
    db.select().from(userTags).where(eq(userTags.userId, userId)).orderBy(asc(userTags.addedAt), asc(userTags.tag)),
    db
      .select()
      .from(userNotes)
      .where(and(eq(userNotes.userId, userId), isNull(userNotes.removedAt)))
      .orderBy(desc(userNotes.id))
      .limit(NOTES_SHOWN),
  ]);
  return {
    tags: tags.map((t) => ({ tag: t.tag, added_by: t.addedBy, added_at: seconds(t.addedAt) })),
    notes: notes.map((n) => ({ id: n.id, operator: n.operator, body: n.body, created_at: seconds(n.createdAt) })),
  };
}

async function userMustExist(db: Db, userId: number) {
  if (!(await findUser(db, userId))) throw new AppError('user_not_found');
}

/** Writes a note; the audit row carries its text, as the note is its own reason. */
export async function addNote(db: Db, act: OperatorAct<{ body: string }, { id: number }>) {
  const userId = act.params.id;
  await userMustExist(db, userId);
  return db.transaction(async (tx) => {
    const [note] = await tx
      .insert(userNotes)
      .values({ userId, operator: act.operator, body: act.body.body })
      .returning({ id: userNotes.id });
    await audit(tx, {
      operator: act.operator,
      action: 'user.note_add',
      target: `user:${userId}`,
      reason: act.body.body.slice(0, 500),
      details: { note_id: note!.id },
      ip: act.ip,
    });
    return note!.id;
  });
}

/** Takes a note out of the list, with a reason; the row keeps its text and who removed it. */
export async function removeNote(db: Db, act: OperatorAct<{ reason: string }, { id: number; note_id: number }>) {
  const { id: userId, note_id: noteId } = act.params;
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .update(userNotes)
      .set({ removedBy: act.operator, removedAt: new Date(), removeReason: act.body.reason })
      .where(and(eq(userNotes.id, noteId), eq(userNotes.userId, userId), isNull(userNotes.removedAt)))
      .returning({ body: userNotes.body });
    if (!removed) throw new AppError('no_data');
    await audit(tx, {
      operator: act.operator,
      action: 'user.note_remove',
      target: `user:${userId}`,
      reason: act.body.reason,
      details: { note_id: noteId, body: removed.body },
      ip: act.ip,
    });
  });
}

/** Adds a tag (a tag the user has already is left as it is); at most USER_TAGS_MAX per user. */
export async function addTag(db: Db, act: OperatorAct<{ tag: string; reason: string }, { id: number }>) {
  const userId = act.params.id;
  await userMustExist(db, userId);
  await db.transaction(async (tx) => {
    // Two operators tagging one user at once: the count and the insert see each other's rows.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${XACT_LOCKS.userTags}, ${userId}::int)`);
    const [held] = await tx.select({ n: count() }).from(userTags).where(eq(userTags.userId, userId));
    const [added] = await tx
      .insert(userTags)
      .values({ userId, tag: act.body.tag, addedBy: act.operator })
      .onConflictDoNothing()
      .returning({ tag: userTags.tag });
    if (!added) return;
    if (Number(held?.n ?? 0) >= USER_TAGS_MAX) throw new AppError('invalid_request', { field: 'tag' });
    await audit(tx, {
      operator: act.operator,
      action: 'user.tag_add',
      target: `user:${userId}`,
      reason: act.body.reason,
      details: { tag: act.body.tag },
      ip: act.ip,
    });
  });
}

export async function removeTag(db: Db, act: OperatorAct<{ tag: string; reason: string }, { id: number }>) {
  const userId = act.params.id;
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(userTags)
      .where(and(eq(userTags.userId, userId), eq(userTags.tag, act.body.tag)))
      .returning({ addedBy: userTags.addedBy });
    if (!removed) throw new AppError('no_data');
    await audit(tx, {
      operator: act.operator,
      action: 'user.tag_remove',
      target: `user:${userId}`,
      reason: act.body.reason,
      details: { tag: act.body.tag, added_by: removed.addedBy },
      ip: act.ip,
    });
  });
}
