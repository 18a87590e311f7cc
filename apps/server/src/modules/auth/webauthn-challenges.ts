import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { webauthnChallenges } from './auth.table.ts';

export type ChallengePurpose = 'register' | 'step_up' | 'login';

/** Long enough for a person to find their phone and touch the sensor; short enough that a leaked one is useless. */
export const CHALLENGE_SECONDS = 5 * 60;

/**
 * Keeps a challenge the WebAuthn library made (32 random bytes) in the database so whichever node gets the answer
 * can check it. Challenges long past their end are cleared on the way (an index on `expires_at` keeps that cheap),
 * so unanswered sign-in ceremonies cannot pile up.
 */
export async function keepChallenge(
  db: DbOrTx,
  input: { challenge: string; purpose: ChallengePurpose; userId: number | null },
): Promise<void> {
  const { challenge } = input;
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now() - interval '1 hour'`));
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose: input.purpose,
    userId: input.userId,
    expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_SECONDS})`,
  });
}

/**
 * Takes a challenge once: one statement marks it used only if it is unused, unexpired, of this purpose and (when
 * given) this user's, so two answers to one challenge, on any nodes, cannot both pass.
 */
export async function takeChallenge(
  db: DbOrTx,
  input: { challenge: string; purpose: ChallengePurpose; userId: number | null },
): Promise<boolean> {
  const taken = await db
    .update(webauthnChallenges)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(webauthnChallenges.challenge, input.challenge),
        eq(webauthnChallenges.purpose, input.purpose),
        input.userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, input.userId),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return taken.length === 1;
}
