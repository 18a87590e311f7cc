import { and, eq, ne, sql } from 'drizzle-orm';
import { formatMoney, type Language, type UserInfo } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { balancesOf, userAccount } from '../ledger/index.ts';
import { currentAvatarId } from '../profile/index.ts';
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
    // A closed account answers to nothing: its name and phone are pseudonyms, and it is skipped even so.
    .where(sql`(lower(${users.account}) = lower(${value}) OR ${users.phone} = ${value}) AND ${users.closedAt} IS NULL`)
    .limit(1);
  return row ?? null;
}

/** The user summary: who the user is and their cash (total assets are `totalAssets`, read on their own). */
export async function userInfo(db: DbOrTx, id: number): Promise<UserInfo> {
  const user = await findUser(db, id);
  if (!user) throw new AppError('user_not_found');
  const available = userAccount(id, 'available');
  const frozen = userAccount(id, 'frozen');
  const balances = await balancesOf(db, [available, frozen]);
  const avatarId = await currentAvatarId(db, id);
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
    second_factor: user.secondFactorOnAt !== null,
    second_factors: { authenticator: user.hasAuthenticator, passkeys: user.passkeyCount },
    anti_phishing_code: user.antiPhishingCode,
    frozen_at: user.frozenAt ? Math.floor(user.frozenAt.getTime() / 1000) : null,
    avatar_id: avatarId,
    created_at: Math.floor(user.createdAt.getTime() / 1000),
    balances: { currency: 'USD', available: formatMoney(a), frozen: formatMoney(f), total: formatMoney(a + f) },
  };
}

/** Keeps the app's language the user reads in (written only when it changed, so a launch is no write). */
export async function noteLanguage(db: DbOrTx, userId: number, lang: Language) {
  await db
    .update(users)
    .set({ lang })
    .where(and(eq(users.id, userId), ne(users.lang, lang)));
}
