import { eq, sql } from 'drizzle-orm';
import { formatMoney, type UserInfo } from '@app/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { balancesOf } from '../ledger/ledger.service.ts';
import { userAccount } from '../ledger/account-codes.ts';
import { hashPassword, verifyPassword } from '../auth/password-hash.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
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
  input: { userId: number; sessionId: number; oldPassword: string; password: string },
) {
  const user = await findUser(db, input.userId);
  if (!user) throw new AppError('user_not_found');
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    throw new AppError('old_password_wrong', { field: 'old_password' });
  }
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
  input: { userId: number; oldPassword?: string | undefined; password: string },
) {
  const user = await findUser(db, input.userId);
  if (!user) throw new AppError('user_not_found');
  if (user.fundPasswordHash !== null) {
    if (!input.oldPassword) throw new AppError('enter_old_password', { field: 'old_password' });
    if (!(await verifyPassword(user.fundPasswordHash, input.oldPassword))) {
      throw new AppError('fund_password_wrong', { field: 'old_password' });
    }
  }
  const fundPasswordHash = await hashPassword(input.password);
  await db.update(users).set({ fundPasswordHash }).where(eq(users.id, input.userId));
}

/** For money-moving flows of later issues (withdrawals): checks the fund password or refuses. */
export async function assertFundPassword(db: DbOrTx, userId: number, password: string | undefined) {
  const user = await findUser(db, userId);
  if (!user?.fundPasswordHash || !password) throw new AppError('fund_password_required', { field: 'fund_password' });
  if (!(await verifyPassword(user.fundPasswordHash, password))) {
    throw new AppError('fund_password_wrong', { field: 'fund_password' });
  }
}
