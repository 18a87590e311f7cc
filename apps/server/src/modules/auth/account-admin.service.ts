import type { AdminUser } from '@app/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { setUserLockedFlag, toAdminUser } from '../users/index.ts';
import { revokeUserSessions } from './sessions.ts';

/** Locks an account (ending its sessions) or unlocks it, audited with the operator's reason. */
export async function setUserLocked(
  db: Db,
  input: { id: number; locked: boolean; operator: string; reason: string; ip: string },
): Promise<AdminUser> {
  const { id, locked } = input;
  const updated = await db.transaction(async (tx) => {
    const row = await setUserLockedFlag(tx, id, locked);
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
