import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { AdminUserFactors } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { seconds } from '../../platform/time/epoch.ts';
import { findUser } from '../users/index.ts';
import { userAuthenticators, userPasskeys, userRecoveryCodes } from './auth.table.ts';

/**
 * A user's second factors for customer service: which are on and since when, so an operator can tell a caller
 * what protects the account (and that a lost one is reset only through the password-reset flow), without ever
 * reading a secret, a public key or a credential id.
 */
export async function factorsForOperator(db: DbOrTx, userId: number): Promise<AdminUserFactors> {
  const user = await findUser(db, userId);
  if (!user) throw new AppError('user_not_found');
  const [app, [codes], keys] = await Promise.all([
    db
      .select({ enrolledAt: userAuthenticators.enrolledAt })
      .from(userAuthenticators)
      .where(eq(userAuthenticators.userId, userId)),
    db
      .select({ n: count() })
      .from(userRecoveryCodes)
      .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt))),
    db
      .select({
        id: userPasskeys.id,
        name: userPasskeys.name,
        createdAt: userPasskeys.createdAt,
        lastUsedAt: userPasskeys.lastUsedAt,
      })
      .from(userPasskeys)
      .where(eq(userPasskeys.userId, userId))
      .orderBy(asc(userPasskeys.id)),
  ]);
  const enrolledAt = app[0]?.enrolledAt ?? null;
  return {
    second_factor_on_at: seconds(user.secondFactorOnAt),
    authenticator: enrolledAt ? { enrolled_at: seconds(enrolledAt) } : null,
    recovery_codes_left: Number(codes?.n ?? 0),
    passkeys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      created_at: seconds(k.createdAt),
      last_used_at: seconds(k.lastUsedAt),
    })),
    anti_phishing_code_set: Boolean(user.antiPhishingCode),
  };
}
