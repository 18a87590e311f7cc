import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { revokeUserSessions } from './sessions.ts';
import {
  passwordResets,
  sessions,
  stepUpGrants,
  userAuthenticators,
  userPasskeys,
  userRecoveryCodes,
  verificationCodes,
  webauthnChallenges,
} from './auth.table.ts';

/**
 * What closing an account does to its credentials: every session ends and forgets its address and device, every
 * factor, passkey, grant and pending code goes, and an open password reset is cancelled. The sessions' rows stay
 * (the audit and the login history point at them). `phone` is the account's phone before it became a pseudonym.
 */
export async function endCredentialsOnClosure(tx: Tx, userId: number, phone: string): Promise<void> {
  await revokeUserSessions(tx, userId);
  await tx.update(sessions).set({ ip: null, deviceKey: null }).where(eq(sessions.userId, userId));
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx.delete(userAuthenticators).where(eq(userAuthenticators.userId, userId));
  await tx.delete(userPasskeys).where(eq(userPasskeys.userId, userId));
  await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
  await tx.delete(stepUpGrants).where(eq(stepUpGrants.userId, userId));
  await tx.delete(verificationCodes).where(eq(verificationCodes.phone, phone));
  await tx
    .update(passwordResets)
    .set({ cancelledAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.userId, userId),
        sql`${passwordResets.completedAt} IS NULL AND ${passwordResets.cancelledAt} IS NULL`,
      ),
    );
}
