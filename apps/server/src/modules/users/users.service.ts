import { eq, sql } from 'drizzle-orm';
import { formatMoney, type UserInfo } from '@app/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { balancesOf } from '../ledger/ledger.service.ts';
import { userAccount } from '../ledger/account-codes.ts';
import { hashPassword, verifyPassword } from '../auth/password-hash.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { checkSecret, counterOf } from '../auth/secret-attempts.ts';
import { assertUncommonPassword } from '../auth/password-strength.ts';
import { users } from './users.table.ts';

export async function findUser(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Account name (any case) or phone number. */
export async function findUserByIdentifier(db: DbOrTx, identifier: string) {
  const value = identifier.trim();
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.account}) = lower(${value}) OR ${users.phone} = ${value}`)
    .limit(1);
  return row ?? null;
}

export async function userInfo(db: DbOrTx, id: number): Promise<UserInfo> {
  const user = await findUser(db, id);
  if (!user) throw new AppError('user_not_found');
  const available = userAccount(id, 'available');
  const frozen = userAccount(id, 'frozen');
  const balances = await balancesOf(db, [available, frozen]);
  const a = balances.get(available)!;
  const f = balances.get(frozen)!;
  return {
    id: user.id,
    account: user.account,
    phone: user.phone,
    invite_code: user.inviteCode,
    real_name_state: user.realNameState as UserInfo['real_name_state'],
    is_vip: user.isVip,
    has_fund_password: user.fundPasswordHash !== null,
    created_at: Math.floor(user.createdAt.getTime() / 1000),
    balances: { currency: 'USD', available: formatMoney(a), frozen: formatMoney(f), total: formatMoney(a + f) },
  };
}

/** Changing the login password ends every other session of the user. */
export async function changeLoginPassword(
  db: Db,
  input: { userId: number; sessionId: number; ip: string; oldPassword: string; password: string },
) {
  assertUncommonPassword(input.password);
  const user = await findUser(db, input.userId);
  if (!user) throw new AppError('user_not_found');
  const right = await checkSecret(db, { counter: counterOf.login(user.id), ip: input.ip, limitAddress: false }, () =>
    verifyPassword(user.passwordHash, input.oldPassword),
  );
  if (!right) throw new AppError('old_password_wrong', { field: 'old_password' });
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()` })
      .where(eq(users.id, input.userId));
    await revokeUserSessions(tx, input.userId, input.sessionId);
  });
}

/** The first fund password is set without an old one; after that the old one is required. */
export async function changeFundPassword(
  db: Db,
  input: { userId: number; ip: string; oldPassword?: string | undefined; password: string },
) {
  assertUncommonPassword(input.password);
  const user = await findUser(db, input.userId);
  if (!user) throw new AppError('user_not_found');
  if (user.fundPasswordHash !== null) {
    if (!input.oldPassword) throw new AppError('enter_old_password', { field: 'old_password' });
    await assertFundPassword(db, { userId: user.id, ip: input.ip, password: input.oldPassword }, 'old_password');
  }
  const fundPasswordHash = await hashPassword(input.password);
  await db.update(users).set({ fundPasswordHash }).where(eq(users.id, input.userId));
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
  const right = await checkSecret(
    db,
    { counter: counterOf.fund(input.userId), ip: input.ip, limitAddress: false },
    () => verifyPassword(stored, given),
  );
  if (!right) throw new AppError('fund_password_wrong', { field });
}
