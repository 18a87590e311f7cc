import { isLanguage, type AdminUserMessages, type Language } from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import type { OperatorAct } from '../../platform/http/operator-act.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { assertAccountOpen, findUser, lockUserRow } from '../users/index.ts';
import { listMessages, postInboxMessage, postToEveryone } from './inbox.service.ts';

/** An operator's message, to one user or to every user who exists now; returns how many received it. */
export async function sendOperatorMessage(
  db: Db,
  b: {
    reason: string;
    user_id?: number | undefined;
    all?: boolean | undefined;
    title: string;
    body: string;
    translations?: Partial<Record<string, { title: string; body: string }>>;
  },
  reference: string,
  act: { operator: string; ip: string },
): Promise<number> {
  // English as title/body, each other language as title.<lang>/body.<lang> (renderMessage picks the reader's).
  const params: Record<string, string> = { title: b.title, body: b.body };
  for (const [lang, text] of Object.entries(b.translations ?? {})) {
    if (!text) continue;
    params[`title.${lang}`] = text.title;
    params[`body.${lang}`] = text.body;
  }
  return db.transaction(async (tx) => {
    let n: number;
    if (b.all) n = await postToEveryone(tx, { params, reference });
    else {
      const user = await findUser(tx, b.user_id!);
      if (!user) throw new AppError('user_not_found');
      assertAccountOpen(user);
      n = (await postInboxMessage(tx, {
        userId: user.id,
        kind: 'operator',
        params,
        reference,
      }))
        ? 1
        : 0;
    }
    await audit(tx, {
      operator: act.operator,
      action: 'message.send',
      target: b.all ? 'users:all' : `user:${b.user_id}`,
      reason: b.reason,
      details: { title: b.title, languages: ['en', ...Object.keys(b.translations ?? {})], recipients: n, reference },
      ip: act.ip,
    });
    return n;
  });
}

const userLanguage = (lang: string): Language => (isLanguage(lang) ? lang : 'en');

/**
 * Customer service writes to one user from their page, in the user's language: the operator states the language
 * they wrote in, and it must still be the user's (the app's language at their last sign-in or launch), or nothing
 * is sent. Audited with the message itself, since the user reads exactly this text.
 */
export async function sendUserMessage(
  db: Db,
  act: OperatorAct<{ lang: Language; title: string; body: string; reason: string }, { id: number }>,
  reference: string,
): Promise<number> {
  const userId = act.params.id;
  return db.transaction(async (tx) => {
    // Locked until the message is posted: the language it was written in is still the user's.
    const user = await lockUserRow(tx, userId);
    if (!user) throw new AppError('user_not_found');
    if (userLanguage(user.lang) !== act.body.lang) throw new AppError('message_language_changed', { field: 'lang' });
    const sent = await postInboxMessage(tx, {
      userId,
      kind: 'operator',
      params: { title: act.body.title, body: act.body.body, lang: act.body.lang },
      reference,
    });
    await audit(tx, {
      operator: act.operator,
      action: 'message.send',
      target: `user:${userId}`,
      reason: act.body.reason,
      details: { lang: act.body.lang, title: act.body.title, body: act.body.body, reference },
      ip: act.ip,
    });
    return sent ? 1 : 0;
  });
}

/** The user's inbox as they read it (in their language), newest first; reading it here marks nothing read. */
export async function messagesForOperator(
  db: DbOrTx,
  userId: number,
  q: { page: number; size: number },
): Promise<AdminUserMessages> {
  const user = await findUser(db, userId);
  if (!user) throw new AppError('user_not_found');
  const lang = userLanguage(user.lang);
  const list = await listMessages(db, { userId, lang, page: q.page, size: q.size, unreadOnly: false });
  return {
    items: list.items.map((m) => ({ ...m, lang })),
    total: list.total,
    total_capped: list.total_capped,
    page: q.page,
  };
}
