import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { SMS_CODE_TTL_SECONDS, SMS_RESEND_SECONDS, type Language } from '@app/contracts';
import { translate } from '@app/i18n/catalogue';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { MessageSender } from '../../platform/messaging/message-sender.ts';
import { verificationCodes } from './auth.table.ts';
import { findUserByPhone } from '../users/index.ts';

const MAX_ATTEMPTS = 5;

const hashCode = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest('hex');

/**
 * Codes a phone number, and a client address, may be sent in 24 hours (SMS_DAILY_PER_PHONE, _PER_ADDRESS):
 * ample for people, nothing for a script that pumps paid SMS to one number or from one machine.
 */
export type DailyCaps = { perPhone: number; perAddress: number };

/**
 * Issues a 6-digit code valid for 5 minutes. A second request within 60 s is refused, and so is one past the
 * day's cap for the phone or the address; locks on the phone and the address keep simultaneous requests from
 * all passing those checks.
 */
export async function issueCode(
  db: Db,
  sender: MessageSender,
  input: { phone: string; purpose: string; lang: Language; ip: string },
  caps: DailyCaps,
): Promise<{ resendIn: number; expiresIn: number }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    for (const key of [`sms:${input.phone}`, `sms-ip:${input.ip}`].sort()) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
    }
    const [latest] = await tx
      .select({ age: sql<number>`extract(epoch from now() - ${verificationCodes.createdAt})::float8` })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.phone, input.phone), eq(verificationCodes.purpose, input.purpose)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (latest && latest.age < SMS_RESEND_SECONDS) {
      throw new AppError('code_resend_too_soon', { params: { seconds: Math.ceil(SMS_RESEND_SECONDS - latest.age) } });
    }
    const today = gt(verificationCodes.createdAt, sql`now() - interval '24 hours'`);
    const [sent] = await tx
      .select({
        toPhone: sql<number>`count(*) FILTER (WHERE ${verificationCodes.phone} = ${input.phone})::int`,
        fromAddress: sql<number>`count(*) FILTER (WHERE ${verificationCodes.ip} = ${input.ip})::int`,
      })
      .from(verificationCodes)
      .where(and(or(eq(verificationCodes.phone, input.phone), eq(verificationCodes.ip, input.ip)), today));
    if (sent && (sent.toPhone >= caps.perPhone || sent.fromAddress >= caps.perAddress)) {
      throw new AppError('code_daily_limit');
    }
    await tx.insert(verificationCodes).values({
      phone: input.phone,
      purpose: input.purpose,
      codeHash: hashCode(input.phone, code),
      expiresAt: sql`now() + make_interval(secs => ${SMS_CODE_TTL_SECONDS})`,
      ip: input.ip,
    });
  });
  const body = translate(input.lang, 'sms_code_text', { code, count: SMS_CODE_TTL_SECONDS / 60 });
  await sender.send({
    channel: 'sms',
    recipient: input.phone,
    body: await withAntiPhishing(db, input.phone, input.lang, body),
  });
  return { resendIn: SMS_RESEND_SECONDS, expiresIn: SMS_CODE_TTL_SECONDS };
}

/**
 * Checks a code against the phone's latest unconsumed one. The attempt is counted first, in the same
 * statement that admits it (the row lock makes PostgreSQL re-check `attempts < 5` for each waiting request),
 * so parallel guesses cannot outnumber the limit; the fifth attempt spends the code.
 */
export async function checkCode(db: Db, input: { phone: string; purpose: string; code: string }): Promise<number> {
  const latest = db
    .select({ id: verificationCodes.id })
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
  const [admitted] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, sql`(${latest})`), lt(verificationCodes.attempts, MAX_ATTEMPTS)))
    .returning({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      expired: sql<boolean>`${verificationCodes.expiresAt} <= now()`,
    });
  if (!admitted) throw new AppError('wrong_verification_code', { field: 'code' });
  if (admitted.expired) throw new AppError('verification_code_expired', { field: 'code' });
  const expected = Buffer.from(admitted.codeHash, 'hex');
  const given = Buffer.from(hashCode(input.phone, input.code), 'hex');
  if (!timingSafeEqual(expected, given)) throw new AppError('wrong_verification_code', { field: 'code' });
  return admitted.id;
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

/**
 * An SMS to the phone of an account that set an anti-phishing code carries it first, so a text without it is not
 * ours. A phone no account has (a registration) gets the text alone.
 */
export async function withAntiPhishing(db: DbOrTx, phone: string, lang: Language, body: string): Promise<string> {
  const code = (await findUserByPhone(db, phone))?.antiPhishingCode;
  return code ? `${translate(lang, 'anti_phishing_line', { code })} ${body}` : body;
}
