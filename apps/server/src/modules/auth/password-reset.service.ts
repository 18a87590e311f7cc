import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AdminPasswordReset, Language, PasswordKind } from '@app/contracts';
import { translate } from '@app/i18n/catalogue';
import { withAntiPhishing } from './verification-codes.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OperatorAct } from '../../platform/http/operator-act.ts';
import type { MessageSender } from '../../platform/messaging/message-sender.ts';
import {
  findUserByPhone,
  assertAccountOpen,
  lockUserRow,
  setFundPasswordHash,
  setLoginPasswordHash,
} from '../users/index.ts';
import { passwordResets } from './auth.table.ts';
import { hashPassword } from './password-hash.ts';
import { assertUncommonPassword } from './password-strength.ts';
import { revokeUserSessions } from './sessions.ts';
import { checkCode, consumeCode } from './verification-codes.ts';
import { seconds } from '../../platform/time/epoch.ts';

const RESET_HOURS = 24;

/**
 * Customer service opens a reset of a user's login or fund password: nobody at the platform chooses, sees or
 * sends a password. The user is told by SMS, and completes it with a code to the same phone. A new reset
 * replaces an open one of the same kind.
 */
export async function openPasswordReset(
  db: Db,
  sender: MessageSender,
  act: OperatorAct<{ kind: PasswordKind; reason: string; lang: Language }, { id: number }>,
): Promise<AdminPasswordReset> {
  const { kind, reason, lang } = act.body;
  const opened = await db.transaction(async (tx) => {
    const user = await lockUserRow(tx, act.params.id);
    if (!user) throw new AppError('user_not_found');
    assertAccountOpen(user);
    await tx
      .update(passwordResets)
      .set({ cancelledAt: sql`now()` })
      .where(and(eq(passwordResets.userId, user.id), eq(passwordResets.kind, kind), openReset));
    const [row] = await tx
      .insert(passwordResets)
      .values({
        userId: user.id,
        kind,
        startedBy: act.operator,
        expiresAt: sql`now() + make_interval(hours => ${RESET_HOURS})`,
      })
      .returning();
    await audit(tx, {
      operator: act.operator,
      action: `user.password_reset_open`,
      target: `user:${user.id}`,
      reason,
      details: { kind, reset: row!.id },
      ip: act.ip,
    });
    return { phone: user.phone, row: row! };
  });
  const text = translate(lang, kind === 'login' ? 'sms_reset_login_text' : 'sms_reset_fund_text');
  await sender.send({
    channel: 'sms',
    recipient: opened.phone,
    body: await withAntiPhishing(db, opened.phone, lang, text),
  });
  return {
    user_id: opened.row.userId,
    kind,
    started_by: opened.row.startedBy,
    expires_at: seconds(opened.row.expiresAt),
  };
}

const openReset = and(
  isNull(passwordResets.completedAt),
  isNull(passwordResets.cancelledAt),
  gt(passwordResets.expiresAt, sql`now()`),
)!;

async function openResetOf(db: DbOrTx, phone: string, kind: PasswordKind) {
  const user = await findUserByPhone(db, phone);
  if (!user) return null;
  const [row] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, user.id), eq(passwordResets.kind, kind), openReset))
    .limit(1);
  return row ?? null;
}

/** Before a reset code is sent: customer service must have opened a reset for this phone's account. */
export async function assertResetOpen(db: DbOrTx, phone: string, kind: PasswordKind) {
  if (!(await openResetOf(db, phone, kind))) throw new AppError('password_reset_not_open', { field: 'phone' });
}

/**
 * The user completes the reset: the code (counted before it is checked, five tries), then the new password.
 * A new login password ends every session and starts the withdrawal hold a password change does; a new fund
 * password is the user's again, with nothing else changed.
 */
export async function completePasswordReset(
  db: Db,
  body: { phone: string; kind: PasswordKind; code: string; password: string },
) {
  assertUncommonPassword(body.password);
  if (!(await openResetOf(db, body.phone, body.kind)))
    throw new AppError('password_reset_not_open', { field: 'phone' });
  const codeId = await checkCode(db, { phone: body.phone, purpose: `reset_${body.kind}`, code: body.code });
  const hash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const reset = await openResetOf(tx, body.phone, body.kind);
    if (!reset) throw new AppError('password_reset_not_open', { field: 'phone' });
    if (!(await consumeCode(tx, codeId))) throw new AppError('verification_code_expired', { field: 'code' });
    const done = await tx
      .update(passwordResets)
      .set({ completedAt: sql`now()` })
      .where(and(eq(passwordResets.id, reset.id), openReset))
      .returning({ id: passwordResets.id });
    if (done.length === 0) throw new AppError('password_reset_not_open', { field: 'phone' });
    if (body.kind === 'login') {
      await setLoginPasswordHash(tx, reset.userId, hash);
      await revokeUserSessions(tx, reset.userId);
    } else {
      await setFundPasswordHash(tx, reset.userId, hash);
    }
  });
}
