import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { SMS_CODE_TTL_SECONDS, SMS_RESEND_SECONDS, type Language } from '@app/contracts';
import { translate } from '@app/i18n/catalogue';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { MessageSender } from '../messaging/message-sender.ts';
import { verificationCodes } from './auth.table.ts';

const MAX_ATTEMPTS = 5;

const hashCode = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest('hex');

/**
 * Issues a 6-digit code valid for 5 minutes. A second request within 60 s is refused; the row lock on
 * the phone's latest code keeps two simultaneous requests from both passing that check.
 */
export async function issueCode(
  db: Db,
  sender: MessageSender,
  input: { phone: string; purpose: string; lang: Language },
): Promise<{ resendIn: number; expiresIn: number }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'sms:' + input.phone}))`);
    const [latest] = await tx
      .select({ age: sql<number>`extract(epoch from now() - ${verificationCodes.createdAt})::float8` })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.phone, input.phone), eq(verificationCodes.purpose, input.purpose)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (latest && latest.age < SMS_RESEND_SECONDS) {
      throw new AppError('code_resend_too_soon', { params: { seconds: Math.ceil(SMS_RESEND_SECONDS - latest.age) } });
    }
    await tx.insert(verificationCodes).values({
      phone: input.phone,
      purpose: input.purpose,
      codeHash: hashCode(input.phone, code),
      expiresAt: sql`now() + make_interval(secs => ${SMS_CODE_TTL_SECONDS})`,
    });
  });
  const body = translate(input.lang, 'sms_code_text', { code, minutes: SMS_CODE_TTL_SECONDS / 60 });
  await sender.send({ channel: 'sms', recipient: input.phone, body });
  return { resendIn: SMS_RESEND_SECONDS, expiresIn: SMS_CODE_TTL_SECONDS };
}

/**
 * Checks a code against the phone's latest unconsumed one. Wrong guesses are counted on the code
 * (outside the caller's transaction, so a refusal still counts) and five of them spend it.
 */
export async function checkCode(db: Db, input: { phone: string; purpose: string; code: string }): Promise<number> {
  const [latest] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.phone, input.phone),
        eq(verificationCodes.purpose, input.purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!latest || latest.attempts >= MAX_ATTEMPTS) throw new AppError('wrong_verification_code', { field: 'code' });
  if (latest.expiresAt.getTime() <= Date.now()) throw new AppError('verification_code_expired', { field: 'code' });
  const expected = Buffer.from(latest.codeHash, 'hex');
  const given = Buffer.from(hashCode(input.phone, input.code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, latest.id));
    throw new AppError('wrong_verification_code', { field: 'code' });
  }
  return latest.id;
}

/** Marks a checked code used, inside the transaction that acts on it; false if another request won. */
export async function consumeCode(tx: DbOrTx, id: number): Promise<boolean> {
  const done = await tx
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(verificationCodes.id, id),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: verificationCodes.id });
  return done.length === 1;
}
