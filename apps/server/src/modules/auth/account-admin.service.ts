import { count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AdminUser } from '@app/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { users } from '../users/index.ts';
import { revokeUserSessions } from './sessions.ts';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

function toAdminUser(u: typeof users.$inferSelect): AdminUser {
  return {
    id: u.id,
    account: u.account,
    phone: u.phone,
    invite_code: u.inviteCode,
    inviter_id: u.inviterId,
    locked: u.locked,
    is_vip: u.isVip,
    real_name_state: u.realNameState,
    created_at: seconds(u.createdAt),
  };
}

/** Users for the operator, newest first, searched by account name or phone. */
export async function listUsersForOperator(db: Db, query: { q?: string | undefined; page: number; size: number }) {
  const { q, page, size } = query;
  const filter: SQL | undefined = q
    ? or(ilike(users.account, `%${escapeLike(q)}%`), ilike(users.phone, `%${escapeLike(q)}%`))
    : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(filter)
    .orderBy(desc(users.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(users).where(filter);
  return { items: rows.map(toAdminUser), total: Number(total?.n ?? 0) };
}

/** Locks an account (ending its sessions) or unlocks it, audited with the operator's reason. */
export async function setUserLocked(
  db: Db,
  input: { id: number; locked: boolean; operator: string; reason: string; ip: string },
): Promise<AdminUser> {
  const { id, locked } = input;
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ locked }).where(eq(users.id, id)).returning();
    if (!row) throw new AppError('user_not_found');
    if (locked) await revokeUserSessions(tx, id);
    await audit(tx, {
      operator: input.operator,
      action: `user.${locked ? 'lock' : 'unlock'}`,
      target: `user:${id}`,
      reason: input.reason,
      ip: input.ip,
    });
    return row;
  });
  return toAdminUser(updated);
}
