import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { users } from '../users/index.ts';
import { postInboxMessage, postToEveryone } from './inbox.service.ts';

/** An operator's message, to one user or to every user who exists now; returns how many received it. */
export async function sendOperatorMessage(
  db: Db,
  b: { reason: string; user_id?: number | undefined; all?: boolean | undefined; title: string; body: string },
  reference: string,
  act: { operator: string; ip: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    let n: number;
    if (b.all) n = await postToEveryone(tx, { params: { title: b.title, body: b.body }, reference });
    else {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, b.user_id!));
      if (!user) throw new AppError('user_not_found');
      n = (await postInboxMessage(tx, {
        userId: user.id,
        kind: 'operator',
        params: { title: b.title, body: b.body },
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
      details: { title: b.title, recipients: n, reference },
      ip: act.ip,
    });
    return n;
  });
}
