import { and, eq } from 'drizzle-orm';
import type { Language, RegisterBody, SessionData } from '@app/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { createUser, findUserByIdentifier, setUserInviteCode, setUserLanguage, userInfo } from '../users/index.ts';
import { claimInvite, createInviteCode } from '../invites/index.ts';
import { ensureAccounts, userAccount } from '../ledger/index.ts';
import { decoyHash, hashPassword, verifyPassword } from './password-hash.ts';
import { createSession, deviceKeyOf } from './sessions.ts';
import { sessions } from './auth.table.ts';
import { assertSecondFactor } from './step-up.ts';
import { checkCode, consumeCode } from './verification-codes.ts';
import { addressLimits, checkSecret, counterOf } from './secret-attempts.ts';
import { assertUncommonPassword } from './password-strength.ts';
import { uniqueViolation } from '../../platform/db/unique-violation.ts';

type ParsedRegister = { [K in keyof RegisterBody]-?: K extends 'agree' ? true : string };

/**
 * Registration, in an order that spends nothing on a request that cannot succeed: duplicates first,
 * then the inviter, then the SMS code; the user, their invitation code, their ledger accounts, the use
 * of the inviter's code and the consumed SMS code are written in one transaction.
 */
export async function register(
  db: Db,
  body: ParsedRegister,
  ip: string,
  lang: Language = 'en',
  userAgent?: string,
): Promise<SessionData> {
  await assertAvailable(db, body.account, body.phone);
  assertUncommonPassword(body.password);
  const codeId = await checkCode(db, { phone: body.phone, purpose: 'register', code: body.code });
  const passwordHash = await hashPassword(body.password);

  const created = await db
    .transaction(async (tx) => {
      const invite = await claimInvite(tx, body.invite_code);
      if (!invite) throw new AppError('invalid_inviter', { field: 'invite_code' });
      if (!(await consumeCode(tx, codeId))) throw new AppError('wrong_verification_code', { field: 'code' });
      const user = await createUser(tx, {
        account: body.account,
        phone: body.phone,
        passwordHash,
        // Placeholder until the user's own code exists; replaced below in the same transaction.
        inviteCode: `pending-${codeId}`,
        inviterId: invite.ownerUserId,
        lang,
      });
      const own = await createInviteCode(tx, { ownerUserId: user.id, createdBy: 'registration' });
      await setUserInviteCode(tx, user.id, own!.code);
      await ensureAccounts(tx, [userAccount(user.id, 'available'), userAccount(user.id, 'frozen')]);
      return { userId: user.id, session: await createSession(tx, user.id, ip, userAgent) };
    })
    .catch((error: unknown) => {
      const constraint = uniqueViolation(error);
      if (constraint === 'users_account_key') throw new AppError('account_already_registered', { field: 'account' });
      if (constraint === 'users_phone_key') throw new AppError('phone_already_registered', { field: 'phone' });
      if (error instanceof AppError) throw error;
      throw new AppError('registration_failed', { params: {} });
    });

  return {
    token: created.session.token,
    expires_at: created.session.expiresAt,
    user: await userInfo(db, created.userId),
  };
}

export async function assertAvailable(db: Db, account: string, phone: string) {
  const byAccount = await findUserByIdentifier(db, account);
  if (byAccount && byAccount.account.toLowerCase() === account.toLowerCase()) {
    throw new AppError('account_already_registered', { field: 'account' });
  }
  await assertPhoneAvailable(db, phone);
}

export async function assertPhoneAvailable(db: Db, phone: string) {
  const byPhone = await findUserByIdentifier(db, phone);
  if (byPhone && byPhone.phone === phone) throw new AppError('phone_already_registered', { field: 'phone' });
}

/**
 * Login by account name or phone. The attempt is counted before the password is checked (see
 * checkSecret), and an unknown user costs a full hash too, so timing does not tell which accounts exist
 * (the spec's messages do). With a second factor on, a device that has not signed in before must also give a
 * fresh one (step-up); a user with none on costs no query more.
 */
export async function login(
  db: Db,
  input: { account: string; password: string; second_factor_code?: string | undefined },
  ip: string,
  lang: Language = 'en',
  userAgent?: string,
): Promise<SessionData> {
  const user = await findUserByIdentifier(db, input.account);
  if (!user) {
    await checkSecret(
      db,
      { counter: counterOf.unknownAccount(input.account), ip, perAddress: addressLimits.userLogin },
      async () => (await verifyPassword(await decoyHash(), input.password)) && false,
    );
    throw new AppError('user_not_found', { field: 'account' });
  }
  const right = await checkSecret(
    db,
    { counter: counterOf.login(user.id), ip, perAddress: addressLimits.userLogin, exemptKnownAddressOf: user.id },
    () => verifyPassword(user.passwordHash, input.password),
  );
  if (!right) throw new AppError('wrong_password', { field: 'password' });
  if (user.locked) throw new AppError('account_locked');
  if (user.secondFactorOnAt && !(await knownDevice(db, user.id, userAgent))) {
    await assertSecondFactor(db, { user, ip, code: input.second_factor_code });
  }
  const session = await createSession(db, user.id, ip, userAgent);
  // Customer service writes to the user in the language the app was in at their last sign-in.
  if (user.lang !== lang) await setUserLanguage(db, user.id, lang);
  return { token: session.token, expires_at: session.expiresAt, user: await userInfo(db, user.id) };
}

/** Whether this browser has signed in to the account before (any session, live or ended). */
async function knownDevice(db: Db, userId: number, userAgent: string | undefined): Promise<boolean> {
  const key = deviceKeyOf(userAgent);
  if (!key) return false;
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.deviceKey, key)))
    .limit(1);
  return Boolean(row);
}
