import type { AdminUser } from '@app/contracts';
import type { Db, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { assertAccountOpen, lockUserRow, setAccountFrozen, setUserLockedFlag, toAdminUser } from '../users/index.ts';
import { revokeUserSessions } from './sessions.ts';

/** The account's row, locked for the act, refused when there is none or its user closed it. */
async function openAccount(tx: Tx, id: number) {
  const row = await lockUserRow(tx, id);
  if (!row) throw new AppError('user_not_found');
  assertAccountOpen(row);
}

/** Locks an account (ending its sessions) or unlocks it, audited with the operator's reason. */
export async function setUserLocked(
  db: Db,
  input: { id: number; locked: boolean; operator: string; reason: string; ip: string },
): Promise<AdminUser> {
  const { id, locked } = input;
  const updated = await db.transaction(async (tx) => {
    await openAccount(tx, id);
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

/**
 * Customer service freezes an account (a user who called in) or lifts a freeze, the user's own included, once it
 * has checked that the caller is the user; audited with the reason. Unfreezing needs no second operator: it gives
 * the user back only what was theirs before the freeze, and every other hold (a changed password's) still runs.
 */
export async function setUserFrozen(
  db: Db,
  input: { id: number; frozen: boolean; operator: string; reason: string; ip: string },
): Promise<AdminUser> {
  const updated = await db.transaction(async (tx) => {
    await openAccount(tx, input.id);
    const row = await setAccountFrozen(tx, input.id, input.frozen);
    if (!row) throw new AppError('user_not_found');
    await audit(tx, {
      operator: input.operator,
      action: `user.${input.frozen ? 'freeze' : 'unfreeze'}`,
      target: `user:${input.id}`,
      reason: input.reason,
      ip: input.ip,
    });
    return row;
  });
  return toAdminUser(updated);
}
