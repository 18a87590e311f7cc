import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findUser, setFundPasswordHash, setLoginPasswordHash } from '../users/index.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { revokeUserSessions } from './sessions.ts';
import { checkSecret, counterOf } from './secret-attempts.ts';
import { assertUncommonPassword } from './password-strength.ts';
import { assertSecondFactor } from './step-up.ts';

// The user's two passwords after registration: changing them, and checking the fund password before money moves.

/** Changing the login password ends every other session of the user. */
export async function changeLoginPassword(
  db: Db,
  input: {
    userId: number;
    sessionId: number;
    ip: string;
    oldPassword: string;
    password: string;
    secondFactorCode?: string | undefined;
  },
) {
  assertUncommonPassword(input.password);
  const user = await findUser(db, input.userId);
  if (!user) throw new AppError('user_not_found');
  const right = await checkSecret(db, { counter: counterOf.login(user.id), ip: input.ip, perAddress: null }, () =>
    verifyPassword(user.passwordHash, input.oldPassword),
  );
  if (!right) throw new AppError('old_password_wrong', { field: 'old_password' });
  await assertSecondFactor(db, { user, ip: input.ip, code: input.secondFactorCode });
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await setLoginPasswordHash(tx, input.userId, passwordHash);
    await revokeUserSessions(tx, input.userId, input.sessionId);
  });
}

/** The first fund password is set without an old one; after that the old one is required. */
export async function changeFundPassword(
  db: Db,
  input: {
    userId: number;
    ip: string;
    oldPassword?: string | undefined;
    password: string;
    secondFactorCode?: string | undefined;
  },
) {
  assertUncommonPassword(input.password);
  const user = await findUser(db, input.userId);
  if (!user) throw new AppError('user_not_found');
  if (user.fundPasswordHash !== null) {
    if (!input.oldPassword) throw new AppError('enter_old_password', { field: 'old_password' });
    await assertFundPassword(db, { userId: user.id, ip: input.ip, password: input.oldPassword }, 'old_password');
    // Changing it is stepped up; setting the first one is not a change (nothing to take over yet).
    await assertSecondFactor(db, { user, ip: input.ip, code: input.secondFactorCode });
  }
  const fundPasswordHash = await hashPassword(input.password);
  await setFundPasswordHash(db, input.userId, fundPasswordHash);
}

/**
 * Checks the fund password or refuses, counting the check against the user's fund-password counter
 * (shared by withdrawals and changing the fund password). No password set, or none given, is not a guess.
 */
export async function assertFundPassword(
  db: Db,
  input: { userId: number; ip: string; password: string | undefined },
  field = 'fund_password',
) {
  const user = await findUser(db, input.userId);
  const stored = user?.fundPasswordHash;
  const given = input.password;
  if (!stored || !given) throw new AppError('fund_password_required', { field });
  const right = await checkSecret(db, { counter: counterOf.fund(input.userId), ip: input.ip, perAddress: null }, () =>
    verifyPassword(stored, given),
  );
  if (!right) throw new AppError('fund_password_wrong', { field });
}

/**
 * Checks the login password of a signed-in user before an act that cannot be undone (closing the account), counted
 * on the same counter as sign-in, so guessing here is throttled with guessing there.
 */
export async function assertLoginPassword(
  db: Db,
  input: { userId: number; ip: string; password: string },
  field = 'password',
) {
  const user = await findUser(db, input.userId);
  if (!user) throw new AppError('user_not_found');
  const right = await checkSecret(db, { counter: counterOf.login(user.id), ip: input.ip, perAddress: null }, () =>
    verifyPassword(user.passwordHash, input.password),
  );
  if (!right) throw new AppError('wrong_password', { field });
}
