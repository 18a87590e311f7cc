import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { lockUserRow, setSecondFactors } from '../users/index.ts';
import { userAuthenticators, userPasskeys } from './auth.table.ts';

/**
 * Brings the user's row in line with their factors after one was added or removed: on while an authenticator
 * or at least one passkey is, off (starting the withdrawal hold) when the last one goes. The user's row is locked
 * first, so two removals at once (the last passkey and the authenticator) cannot each see the other still there.
 */
export async function settleSecondFactor(tx: Tx, userId: number): Promise<void> {
  const user = await lockUserRow(tx, userId);
  if (!user) return;
  const [apps] = await tx
    .select({ n: count() })
    .from(userAuthenticators)
    .where(and(eq(userAuthenticators.userId, userId), isNotNull(userAuthenticators.enrolledAt)));
  const [keys] = await tx.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.userId, userId));
  await setSecondFactors(tx, user, { authenticator: Number(apps?.n ?? 0) > 0, passkeys: Number(keys?.n ?? 0) });
}
