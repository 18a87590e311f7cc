import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ClosureBlocker, ClosureCheck } from '@app/contracts';
import type { Db, Tx } from '../../platform/db/client.ts';
import { XACT_LOCKS } from '../../platform/db/advisory-locks.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { dropAlertsOnClosure } from '../alerts/index.ts';
import { assertLoginPassword, assertSecondFactor, endCredentialsOnClosure, hashPassword } from '../auth/index.ts';
import { stopFollowingOnClosure } from '../copy/index.ts';
import { clearInboxOnClosure } from '../inbox/index.ts';
import { eraseRealNameOnClosure } from '../kyc/index.ts';
import { lockOrderUsers } from '../orders/index.ts';
import { dropAvatarOnClosure } from '../profile/index.ts';
import { dropDevicesOnClosure } from '../push/index.ts';
import { anonymiseLoginsOnClosure } from '../security/index.ts';
import { eraseWordsOnClosure } from '../support/index.ts';
import { eraseCasesOnClosure } from '../cases/index.ts';
import { eraseUploadsOnClosure } from '../uploads/index.ts';
import { closeUserRow, findUser, lockUserRow } from '../users/index.ts';
import { anonymisePayoutsOnClosure } from '../wallet/index.ts';
import { closureBlockers } from './closure-blockers.ts';

export async function closureCheck(db: Db, userId: number): Promise<ClosureCheck> {
  const blockers = await closureBlockers(db, userId);
  return { can_close: blockers.length === 0, blockers };
}

/** The refusal for the first thing to do, with what the message names (how much, how many, which coin). */
function refusalOf(first: ClosureBlocker): AppError {
  const params: Record<string, string | number> = {};
  if (first.amount !== null) params.amount = first.amount;
  if (first.asset !== null) params.asset = first.asset;
  if (first.count !== null) params.count = first.count;
  return new AppError(`close_blocked_${first.kind}`, { params });
}

/**
 * Closes the user's account for good. Refused while anything is left (the first thing to do is named), then the
 * login password and a fresh second factor are checked, each counted. In one transaction, under the user's row,
 * order and payout locks (so no order, withdrawal or payout change slips between the last check and the close):
 * the blockers are read again, the row takes its pseudonym, and each module forgets what it held about the person.
 * The ledger, orders, deposits, withdrawals and audit keep their rows under the user's id.
 */
export async function closeAccount(
  db: Db,
  input: { userId: number; ip: string; password: string; secondFactorCode: string | undefined },
): Promise<void> {
  const user = await findUser(db, input.userId);
  if (!user || user.closedAt) throw new AppError('account_closed');
  const blockers = await closureBlockers(db, input.userId);
  if (blockers.length) throw refusalOf(blockers[0]!);
  await assertLoginPassword(db, { userId: input.userId, ip: input.ip, password: input.password });
  await assertSecondFactor(db, { user, ip: input.ip, code: input.secondFactorCode });
  // A password no one knows: the row must keep a hash, and this one matches nothing anyone can type.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));

  await db.transaction(async (tx) => {
    const row = await lockUserRow(tx, input.userId);
    if (!row || row.closedAt) throw new AppError('account_closed');
    await lockOrderUsers(tx, [input.userId]);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${XACT_LOCKS.userPayouts}, ${input.userId}::int)`);
    const still = await closureBlockers(tx, input.userId);
    if (still.length) throw refusalOf(still[0]!);
    await forgetPerson(tx, input.userId, row.phone);
    if (!(await closeUserRow(tx, input.userId, unusable))) throw new AppError('account_closed');
  });
}

/** Each module forgets, in its own tables, what identified the person. */
async function forgetPerson(tx: Tx, userId: number, phone: string) {
  await endCredentialsOnClosure(tx, userId, phone);
  await dropDevicesOnClosure(tx, userId);
  await anonymiseLoginsOnClosure(tx, userId);
  await anonymisePayoutsOnClosure(tx, userId);
  await eraseRealNameOnClosure(tx, userId);
  await dropAvatarOnClosure(tx, userId);
  await eraseUploadsOnClosure(tx, userId);
  await eraseWordsOnClosure(tx, userId);
  await eraseCasesOnClosure(tx, userId);
  await clearInboxOnClosure(tx, userId);
  await dropAlertsOnClosure(tx, userId);
  await stopFollowingOnClosure(tx, userId);
}
