import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findUser } from '../users/index.ts';
import { userAuthenticators, userRecoveryCodes } from './auth.table.ts';
import { looksLikeAuthenticatorCode, matchAuthenticatorCode, recoveryCodeHash } from './authenticator-codes.ts';
import { checkSecret, counterOf } from './secret-attempts.ts';
import { looksLikeStepUpGrant, redeemStepUpGrant } from './step-up-grants.ts';

/** The part of the user's row a step-up decision needs (already read by most callers, so no query of its own). */
export type StepUpUser = { id: number; secondFactorOnAt: Date | null };

/**
 * Step-up: when the user has a second factor on, the request must carry a fresh one (an authenticator code not
 * accepted before, an unused recovery code, or the one-time code a passkey assertion was just exchanged for),
 * checked here, counted before it is checked like any secret.
 * Without one the request is refused with `second_factor_required` before anything changes; with a wrong or
 * replayed one, `second_factor_wrong`. A user with no factor on passes without a query.
 */
export async function assertSecondFactor(
  db: Db,
  input: { user: StepUpUser | number; ip: string; code: string | undefined },
): Promise<void> {
  const user = typeof input.user === 'number' ? await findUser(db, input.user) : input.user;
  if (!user) throw new AppError('user_not_found');
  if (!user.secondFactorOnAt) return;
  const code = input.code?.trim();
  if (!code) throw new AppError('second_factor_required', { field: 'second_factor_code' });
  const right = await checkSecret(
    db,
    { counter: counterOf.secondFactor(user.id), ip: input.ip, perAddress: null },
    () => acceptSecondFactor(db, user.id, code),
  );
  if (!right) throw new AppError('second_factor_wrong', { field: 'second_factor_code' });
}

/** Whether the user has a second factor on, read once for callers that hold only the id. */
export async function secondFactorOn(db: Db, userId: number): Promise<boolean> {
  return Boolean((await findUser(db, userId))?.secondFactorOnAt);
}

/** Accepts a code once: each statement that accepts one also marks it used, so parallel requests cannot share it. */
async function acceptSecondFactor(db: Db, userId: number, code: string): Promise<boolean> {
  if (looksLikeStepUpGrant(code)) return redeemStepUpGrant(db, userId, code);
  if (looksLikeAuthenticatorCode(code)) {
    const [app] = await db
      .select()
      .from(userAuthenticators)
      .where(and(eq(userAuthenticators.userId, userId), isNotNull(userAuthenticators.enrolledAt)));
    if (!app) return false;
    const step = await matchAuthenticatorCode(app.secret, code.replace(/\s/g, ''), app.lastStep);
    if (step === null) return false;
    const accepted = await db
      .update(userAuthenticators)
      .set({ lastStep: step })
      .where(
        and(
          eq(userAuthenticators.userId, userId),
          isNotNull(userAuthenticators.enrolledAt),
          or(isNull(userAuthenticators.lastStep), lt(userAuthenticators.lastStep, step)),
        ),
      )
      .returning({ userId: userAuthenticators.userId });
    return accepted.length === 1;
  }
  const used = await db
    .update(userRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return used.length === 1;
}
