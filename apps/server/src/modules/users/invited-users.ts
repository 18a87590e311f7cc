import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { users } from './users.table.ts';

/** The users one user invited, newest first, one page of them and how many in all (users_inviter_idx). */
export async function invitedUsers(db: DbOrTx, inviterId: number, page: { page: number; size: number }) {
  const [rows, [total]] = await Promise.all([
    page.size > 0
      ? db
          .select({ id: users.id, account: users.account, createdAt: users.createdAt })
          .from(users)
          .where(eq(users.inviterId, inviterId))
          .orderBy(desc(users.id))
          .limit(page.size)
          .offset((page.page - 1) * page.size)
      : [],
    db.select({ n: count() }).from(users).where(eq(users.inviterId, inviterId)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
