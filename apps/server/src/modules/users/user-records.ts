import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { users } from './users.table.ts';

/**
 * The writes other modules make to a user's row, each in the caller's transaction: the users module owns the
 * row, auth owns the credentials on it and kyc the real-name decision, and they change it only through here.
 */

type RealNameState = 'none' | 'pending' | 'verified' | 'refused';

/** Returns the user's account, or null when there is no such user. */
export async function setRealNameState(db: DbOrTx, userId: number, state: RealNameState): Promise<string | null> {
  const [row] = await db
    .update(users)
    .set({ realNameState: state })
    .where(eq(users.id, userId))
    .returning({ account: users.account });
  return row?.account ?? null;
}

export type NewUser = typeof users.$inferInsert;
export type UserRow = typeof users.$inferSelect;

export async function createUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** The row, locked for the caller's transaction: acts on one account (a reset opened, a lock) queue on it. */
export async function lockUserRow(tx: DbOrTx, userId: number): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

export async function findUserByPhone(db: DbOrTx, phone: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone));
  return row ?? null;
}

/** Registration's second step: the user's own invitation code, made once the user's id exists. */
export async function setUserInviteCode(db: DbOrTx, userId: number, code: string): Promise<void> {
  await db.update(users).set({ inviteCode: code }).where(eq(users.id, userId));
}

/** A new login password; its time starts the withdrawal hold (wallet reads `passwordChangedAt`). */
export async function setLoginPasswordHash(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function setFundPasswordHash(db: DbOrTx, userId: number, fundPasswordHash: string): Promise<void> {
  await db.update(users).set({ fundPasswordHash }).where(eq(users.id, userId));
}

/** The app's language at the last sign-in: what customer service writes to the user in. */
export async function setUserLanguage(db: DbOrTx, userId: number, lang: string): Promise<void> {
  await db.update(users).set({ lang }).where(eq(users.id, userId));
}

/**
 * Freezes withdrawals and payout-method changes (a freeze already on keeps its time) or lifts the freeze. Returns
 * the changed row, or null when there is no such user.
 */
export async function setAccountFrozen(db: DbOrTx, userId: number, frozen: boolean): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ frozenAt: frozen ? sql`coalesce(${users.frozenAt}, now())` : null })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

/** Refuses an act on an account its user closed: it is never reopened, locked, frozen, reset or credited. */
export function assertAccountOpen(user: Pick<UserRow, 'closedAt'>): void {
  if (user.closedAt) throw new AppError('account_closed');
}

/** Returns the changed row, or null when there is no such user. */
export async function setUserLockedFlag(db: DbOrTx, userId: number, locked: boolean): Promise<UserRow | null> {
  const [row] = await db.update(users).set({ locked }).where(eq(users.id, userId)).returning();
  return row ?? null;
}

/**
 * The second factor's state on the user's row: on since when, or off since when (turning the last factor off
 * starts the withdrawal hold the wallet reads from `secondFactorOffAt`).
 */
export async function setSecondFactors(
  db: DbOrTx,
  user: Pick<UserRow, 'id' | 'secondFactorOnAt'>,
  factors: { authenticator: boolean; passkeys: number },
): Promise<void> {
  const on = factors.authenticator || factors.passkeys > 0;
  const was = user.secondFactorOnAt !== null;
  await db
    .update(users)
    .set({
      hasAuthenticator: factors.authenticator,
      passkeyCount: factors.passkeys,
      ...(on === was
        ? {}
        : on
          ? { secondFactorOnAt: sql`now()` }
          : { secondFactorOnAt: null, secondFactorOffAt: sql`now()` }),
    })
    .where(eq(users.id, user.id));
}

/** The user's anti-phishing code (null clears it). */
export async function setAntiPhishingCode(db: DbOrTx, userId: number, code: string | null): Promise<void> {
  await db.update(users).set({ antiPhishingCode: code }).where(eq(users.id, userId));
}

/** The pseudonym a closed account keeps: no one can register it (account names have no hyphen) or sign in with it. */
export const closedPseudonym = (userId: number) => `closed-${userId}`;

/**
 * Closes the account on its row: name, phone and invitation code become the pseudonym, the password hash one of
 * a secret no one holds, and the fund password, anti-phishing code, factors and freeze go. Returns false when the
 * account is already closed (or does not exist), so a second request changes nothing.
 */
export async function closeUserRow(db: DbOrTx, userId: number, unusablePasswordHash: string): Promise<boolean> {
  const pseudonym = closedPseudonym(userId);
  const rows = await db
    .update(users)
    .set({
      account: pseudonym,
      phone: pseudonym,
      inviteCode: pseudonym,
      passwordHash: unusablePasswordHash,
      fundPasswordHash: null,
      antiPhishingCode: null,
      secondFactorOnAt: null,
      hasAuthenticator: false,
      passkeyCount: 0,
      frozenAt: null,
      closedAt: sql`now()`,
    })
    .where(sql`${users.id} = ${userId} AND ${users.closedAt} IS NULL`)
    .returning({ id: users.id });
  return rows.length === 1;
}
