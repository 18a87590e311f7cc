import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq } from 'drizzle-orm';
import { formatMoney, type AdminUserInvitations } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { users } from '../users/index.ts';
import { inviteBonuses } from './referral.table.ts';
import { seconds } from '../../platform/time/epoch.ts';

const inviters = alias(users, 'inviter');

/** Who invited the user, and whom they invited (unmasked, for the operator), each with its bonus if paid. */
export async function invitationsForOperator(
  db: DbOrTx,
  userId: number,
  q: { page: number; size: number },
): Promise<AdminUserInvitations> {
  const [[me], rows, [total]] = await Promise.all([
    db
      .select({ inviterId: inviters.id, inviterAccount: inviters.account })
      .from(users)
      .leftJoin(inviters, eq(inviters.id, users.inviterId))
      .where(eq(users.id, userId)),
    db
      .select({ id: users.id, account: users.account, createdAt: users.createdAt, bonus: inviteBonuses })
      .from(users)
      .leftJoin(inviteBonuses, and(eq(inviteBonuses.inviteeId, users.id), eq(inviteBonuses.inviterId, userId)))
      .where(eq(users.inviterId, userId))
      .orderBy(desc(users.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(users).where(eq(users.inviterId, userId)),
  ]);
  if (!me) throw new AppError('user_not_found');
  return {
    inviter:
      me.inviterId !== null && me.inviterAccount !== null ? { id: me.inviterId, account: me.inviterAccount } : null,
    items: rows.map((r) => ({
      id: r.id,
      account: r.account,
      registered_at: seconds(r.createdAt),
      qualified_at: r.bonus ? seconds(r.bonus.createdAt) : null,
      bonus: r.bonus ? formatMoney(r.bonus.amount) : null,
    })),
    total: Number(total?.n ?? 0),
    page: q.page,
  };
}
