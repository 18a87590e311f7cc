import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AuthenticatorEnrolment, AuthenticatorStatus, RecoveryCodes } from '@app/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { seconds } from '../../platform/time/epoch.ts';
import { findUser } from '../users/index.ts';
import { settleSecondFactor } from './second-factor-state.ts';
import { userAuthenticators, userRecoveryCodes } from './auth.table.ts';
import {
  RECOVERY_CODE_COUNT,
  authenticatorUri,
  matchAuthenticatorCode,
  newAuthenticatorSecret,
  newRecoveryCode,
  recoveryCodeHash,
} from './authenticator-codes.ts';
import { checkSecret, counterOf } from './secret-attempts.ts';
import { assertSecondFactor } from './step-up.ts';

// A user's authenticator app: start (a secret to scan), confirm with its first code (on, with ten recovery codes
// shown once), turn off (stepped up; starts the withdrawal hold).

export async function authenticatorStatus(db: Db, userId: number): Promise<AuthenticatorStatus> {
  const [[app], [left]] = await Promise.all([
    db
      .select({ enrolledAt: userAuthenticators.enrolledAt })
      .from(userAuthenticators)
      .where(and(eq(userAuthenticators.userId, userId), isNotNull(userAuthenticators.enrolledAt))),
    db
      .select({ n: count() })
      .from(userRecoveryCodes)
      .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt))),
  ]);
  return {
    on: Boolean(app),
    enrolled_at: app?.enrolledAt ? seconds(app.enrolledAt) : null,
    recovery_codes_left: app ? Number(left?.n ?? 0) : 0,
  };
}

/**
 * A fresh secret, replacing any enrolment not yet confirmed; refused while the app is on. With a passkey on, this
 * is stepped up (a session alone must not add a factor that would then pass every step-up).
 */
export async function startAuthenticator(
  db: Db,
  input: { userId: number; ip: string; code: string | undefined },
): Promise<AuthenticatorEnrolment> {
  const { userId } = input;
  const user = await findUser(db, userId);
  if (!user) throw new AppError('user_not_found');
  if ((await authenticatorStatus(db, userId)).on) throw new AppError('authenticator_already_on');
  await assertSecondFactor(db, { user, ip: input.ip, code: input.code });
  const secret = newAuthenticatorSecret();
  const written = await db
    .insert(userAuthenticators)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: userAuthenticators.userId,
      set: { secret, createdAt: sql`now()`, lastStep: null },
      setWhere: isNull(userAuthenticators.enrolledAt),
    })
    .returning({ userId: userAuthenticators.userId });
  if (written.length === 0) throw new AppError('authenticator_already_on');
  return { secret, otpauth_uri: authenticatorUri(user.account, secret) };
}

/**
 * The first code turns the app on: counted like every secret check, then, in one transaction, the enrolment is
 * marked on (only if still pending, so two confirmations cannot both win), the recovery codes replaced and the
 * user's row told. The codes are returned this once; only their hashes are kept.
 */
export async function confirmAuthenticator(
  db: Db,
  input: { userId: number; ip: string; code: string },
): Promise<RecoveryCodes> {
  const [pending] = await db.select().from(userAuthenticators).where(eq(userAuthenticators.userId, input.userId));
  if (!pending) throw new AppError('authenticator_not_started');
  if (pending.enrolledAt) throw new AppError('authenticator_already_on');
  let step: number | null = null;
  const right = await checkSecret(
    db,
    { counter: counterOf.secondFactor(input.userId), ip: input.ip, perAddress: null },
    async () => (step = await matchAuthenticatorCode(pending.secret, input.code, null)) !== null,
  );
  if (!right || step === null) throw new AppError('second_factor_wrong', { field: 'code' });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    const on = await tx
      .update(userAuthenticators)
      .set({ enrolledAt: sql`now()`, lastStep: step })
      .where(
        and(
          eq(userAuthenticators.userId, input.userId),
          eq(userAuthenticators.secret, pending.secret),
          isNull(userAuthenticators.enrolledAt),
        ),
      )
      .returning({ userId: userAuthenticators.userId });
    if (on.length === 0) throw new AppError('authenticator_not_started');
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, input.userId));
    await tx
      .insert(userRecoveryCodes)
      .values(codes.map((code) => ({ userId: input.userId, codeHash: recoveryCodeHash(code) })));
    await settleSecondFactor(tx, input.userId);
  });
  return { recovery_codes: codes };
}

/**
 * Turning the app off needs a fresh factor. When it was the last one (no passkey left), withdrawals are held from
 * now for the same hours a password change holds them (the wallet reads `second_factor_off_at`).
 */
export async function disableAuthenticator(
  db: Db,
  input: { userId: number; ip: string; code: string | undefined },
): Promise<void> {
  const user = await findUser(db, input.userId);
  if (!user) throw new AppError('user_not_found');
  if (!(await authenticatorStatus(db, input.userId)).on) return;
  await assertSecondFactor(db, { user, ip: input.ip, code: input.code });
  await db.transaction(async (tx) => {
    await tx.delete(userAuthenticators).where(eq(userAuthenticators.userId, input.userId));
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, input.userId));
    await settleSecondFactor(tx, input.userId);
  });
}
