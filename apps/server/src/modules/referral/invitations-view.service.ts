import { formatMoney, type AdminUserInvitations } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findUser, invitedUsers } from '../users/index.ts';
import { bonusesOf } from './referral.service.ts';
import { seconds } from '../../platform/time/epoch.ts';

/** Who invited the user, and whom they invited (unmasked, for the operator), each with its bonus if paid. */
export async function invitationsForOperator(
  db: DbOrTx,
  userId: number,
  q: { page: number; size: number },
): Promise<AdminUserInvitations> {
  const [me, invited] = await Promise.all([findUser(db, userId), invitedUsers(db, userId, q)]);
  if (!me) throw new AppError('user_not_found');
  const [inviter, bonuses] = await Promise.all([
    me.inviterId !== null ? findUser(db, me.inviterId) : null,
    bonusesOf(
      db,
      userId,
      invited.rows.map((r) => r.id),
    ),
  ]);
  return {
    inviter: inviter ? { id: inviter.id, account: inviter.account } : null,
    items: invited.rows.map((r) => {
      const bonus = bonuses.get(r.id);
      return {
        id: r.id,
        account: r.account,
        registered_at: seconds(r.createdAt),
        qualified_at: bonus ? seconds(bonus.createdAt) : null,
        bonus: bonus ? formatMoney(bonus.amount) : null,
      };
    }),
    total: invited.total,
    page: q.page,
  };
}
