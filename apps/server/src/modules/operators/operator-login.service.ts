import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { OperatorLoginResult, OperatorSession } from '@app/contracts';
import type { Db } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  addressLimits,
  assertUncommonPassword,
  checkSecret,
  decoyHash,
  hashPassword,
  verifyPassword,
} from '../auth/index.ts';
import { operatorRecoveryCodes, operators } from './operators.table.ts';
import { openSession, type ClientMeta } from './operator-sessions.ts';
import { issueTicket, liveTicket, useTicket } from './tickets.ts';
import { matchTotp, newTotpSecret, totpUri } from './totp.ts';
import { operatorView, type OperatorRow } from './operator-view.ts';

const RECOVERY_CODES = 10;
const SIGN_IN = { kind: 'sign-in', tokenId: null } as const;
/** An operator's password reaches zxcvbn's 3 ("safely unguessable"), where a user's need only pass 0. */
const OPERATOR_PASSWORD_SCORE = 3;
/**
 * The counter of one operator's secrets (password, code), shared by signing in and enrolling: per name, since a
 * name never changes (an unknown name gets its own, `operator-name:`).
 */
const counterOf = (operatorId: number) => `operator:${operatorId}`;

/**
 * The first admin, made with the shared ADMIN_TOKEN while no operator exists (one at a time across nodes);
 * from then on operators are invited by an admin and the shared token makes nobody.
 */
/**
 * The founding admins, made with the shared token: the first while no operator exists, and a second while the
 * first is the only one. Inviting an admin is held for a second admin, so a platform needs two to start; after
 * them the shared token makes nobody.
 */
export async function bootstrapFirstAdmin(db: Db, body: { name: string; password: string }, ip: string) {
  assertUncommonPassword(body.password, 'password', OPERATOR_PASSWORD_SCORE);
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('operators:bootstrap'))`);
    const existing = await tx.select({ role: operators.role }).from(operators).limit(2);
    if (existing.length > 1 || existing.some((o) => o.role !== 'admin')) throw new AppError('operators_exist');
    const [row] = await tx
      .insert(operators)
      .values({ name: body.name, role: 'admin', passwordHash })
      .onConflictDoNothing({ target: operators.name })
      .returning();
    if (!row) throw new AppError('operator_name_taken', { field: 'name' });
    await audit(tx, {
      operator: body.name,
      action: 'operator.bootstrap',
      target: `operator:${row.id}`,
      reason: existing.length
        ? 'the second founding admin, made with the shared token'
        : 'the first admin, made with the shared token',
      details: { role: 'admin' },
      ip,
    });
    return operatorView(row);
  });
}

/** An invited operator chooses a password with the invitation's ticket (once); the authenticator comes next. */
export async function acceptInvitation(db: Db, body: { ticket: string; password: string }, ip: string) {
  assertUncommonPassword(body.password, 'password', OPERATOR_PASSWORD_SCORE);
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const ticket = await liveTicket(tx, body.ticket, 'invite');
    if (!ticket) throw new AppError('verification_failed');
    await useTicket(tx, ticket.id);
    const [row] = await tx
      .update(operators)
      .set({ passwordHash })
      .where(eq(operators.id, ticket.operatorId))
      .returning();
    await audit(tx, {
      operator: row!.name,
      action: 'operator.accept',
      target: `operator:${row!.id}`,
      reason: 'accepted the invitation and chose a password',
      ip,
      credential: { kind: 'invitation', tokenId: null },
    });
    return operatorView(row!);
  });
}

/**
 * Signs in with name, password and, once enrolled, the authenticator's code or a recovery code. The whole
 * answer is one secret check, counted before it is verified (five wrong in fifteen minutes lock that operator
 * name, fifty lock the address, counted apart from users' logins), and every failure reads the same, so a guesser learns neither which part was
 * wrong nor whether the name exists. An operator with no authenticator yet gets an enrolment, not a session.
 */
export async function signIn(
  db: Db,
  body: { name: string; password: string; code?: string | undefined },
  meta: ClientMeta,
): Promise<{ token: string | null; result: OperatorLoginResult }> {
  const [operator] = await db.select().from(operators).where(eq(operators.name, body.name)).limit(1);
  const target = operator ? `operator:${operator.id}` : `operator-name:${body.name}`;
  return auditedRefusal(db, { name: body.name, target, ip: meta.ip }, () => checkedSignIn(db, operator, body, meta));
}

/**
 * A refused sign-in or enrolment is an audit row of its own, with the name tried (nobody is proved by it: the
 * credential reads `sign-in`) and the key of the refusal, written after the refusal so nothing rolls it back.
 */
async function auditedRefusal<T>(
  db: Db,
  attempt: { name: string; target: string; ip: string },
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError)
      await audit(db, {
        operator: attempt.name,
        action: 'operator.sign_in_refused',
        target: attempt.target,
        reason: error.key,
        ip: attempt.ip,
        credential: SIGN_IN,
      });
    throw error;
  }
}

async function checkedSignIn(
  db: Db,
  operator: OperatorRow | undefined,
  body: { name: string; password: string; code?: string | undefined },
  meta: ClientMeta,
): Promise<{ token: string | null; result: OperatorLoginResult }> {
  if (operator?.totpEnrolledAt && !body.code) throw new AppError('enter_verification_code', { field: 'code' });
  const check = {
    counter: operator ? counterOf(operator.id) : `operator-name:${body.name}`,
    ip: meta.ip,
    perAddress: addressLimits.operatorSignIn,
  };
  let usedRecoveryCode = false;
  const right = await checkSecret(db, check, async () => {
    if (!operator?.passwordHash) {
      await verifyPassword(await decoyHash(), body.password);
      return false;
    }
    if (!(await verifyPassword(operator.passwordHash, body.password))) return false;
    if (!operator.totpEnrolledAt) return true;
    const code = body.code!;
    if (/^\d{6}$/.test(code)) return acceptTotp(db, operator, code);
    usedRecoveryCode = await useRecoveryCode(db, operator.id, code);
    return usedRecoveryCode;
  });
  if (!right || !operator) throw new AppError('verification_failed');
  if (operator.disabledAt) throw new AppError('account_locked');

  if (!operator.totpEnrolledAt) {
    const secret = newTotpSecret();
    const { ticket, expiresAt } = await db.transaction((tx) => issueTicket(tx, operator.id, 'enrol', secret));
    return {
      token: null,
      result: {
        state: 'enrol',
        enrolment: { ticket, secret, otpauth_uri: totpUri(operator.name, secret), expires_at: expiresAt },
      },
    };
  }
  return db.transaction(async (tx) => {
    const { token, session } = await openSession(tx, operator, meta);
    await audit(tx, {
      operator: operator.name,
      action: 'operator.sign_in',
      target: `operator:${operator.id}`,
      reason: usedRecoveryCode ? 'signed in with a recovery code' : 'signed in',
      ip: meta.ip,
      credential: SIGN_IN,
    });
    return { token, result: { state: 'signed_in', session } };
  });
}

/** A code is accepted once: the step it matched must be later than the last one accepted, set in one update. */
async function acceptTotp(db: Db, operator: OperatorRow, code: string): Promise<boolean> {
  const step = await matchTotp(operator.totpSecret!, code, operator.lastTotpStep);
  if (step === null) return false;
  const updated = await db
    .update(operators)
    .set({ lastTotpStep: step })
    .where(and(eq(operators.id, operator.id), or(isNull(operators.lastTotpStep), lt(operators.lastTotpStep, step))))
    .returning({ id: operators.id });
  return updated.length === 1;
}

async function useRecoveryCode(db: Db, operatorId: number, code: string): Promise<boolean> {
  const unused = await db
    .select()
    .from(operatorRecoveryCodes)
    .where(and(eq(operatorRecoveryCodes.operatorId, operatorId), isNull(operatorRecoveryCodes.usedAt)));
  for (const row of unused) {
    if (!(await verifyPassword(row.codeHash, code))) continue;
    const used = await db
      .update(operatorRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(operatorRecoveryCodes.id, row.id), isNull(operatorRecoveryCodes.usedAt)))
      .returning({ id: operatorRecoveryCodes.id });
    return used.length === 1;
  }
  return false;
}

/**
 * Finishes enrolment: the first code from the authenticator confirms the secret; the operator gets a session
 * and ten recovery codes, shown this once. The code is a counted secret check like a sign-in.
 */
export async function enrolAuthenticator(
  db: Db,
  body: { ticket: string; code: string },
  meta: ClientMeta,
): Promise<{ token: string; session: OperatorSession }> {
  const pending = await db.transaction((tx) => liveTicket(tx, body.ticket, 'enrol'));
  if (!pending?.secret) throw new AppError('verification_failed');
  const [named] = await db.select({ name: operators.name }).from(operators).where(eq(operators.id, pending.operatorId));
  return auditedRefusal(db, { name: named!.name, target: `operator:${pending.operatorId}`, ip: meta.ip }, () =>
    confirmEnrolment(db, pending, body, meta),
  );
}

async function confirmEnrolment(
  db: Db,
  pending: NonNullable<Awaited<ReturnType<typeof liveTicket>>>,
  body: { ticket: string; code: string },
  meta: ClientMeta,
): Promise<{ token: string; session: OperatorSession }> {
  let step: number | null = null;
  const right = await checkSecret(
    db,
    { counter: counterOf(pending.operatorId), ip: meta.ip, perAddress: addressLimits.operatorSignIn },
    async () => {
      step = await matchTotp(pending.secret!, body.code, null);
      return step !== null;
    },
  );
  if (!right || step === null) throw new AppError('wrong_verification_code', { field: 'code' });
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  const hashes = await Promise.all(codes.map((code) => hashPassword(code)));
  return db.transaction(async (tx) => {
    const ticket = await liveTicket(tx, body.ticket, 'enrol');
    if (!ticket) throw new AppError('verification_failed');
    await useTicket(tx, ticket.id);
    const [operator] = await tx
      .update(operators)
      .set({ totpSecret: ticket.secret, totpEnrolledAt: sql`now()`, lastTotpStep: step })
      .where(and(eq(operators.id, ticket.operatorId), isNull(operators.disabledAt)))
      .returning();
    if (!operator) throw new AppError('account_locked');
    await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operator.id));
    await tx.insert(operatorRecoveryCodes).values(hashes.map((codeHash) => ({ operatorId: operator.id, codeHash })));
    const { token, session } = await openSession(tx, operator, meta);
    await audit(tx, {
      operator: operator.name,
      action: 'operator.enrol_authenticator',
      target: `operator:${operator.id}`,
      reason: 'enrolled an authenticator and received recovery codes',
      ip: meta.ip,
      credential: SIGN_IN,
    });
    return { token, session: { ...session, operator: operatorView(operator), recovery_codes: codes } };
  });
}

/** Ten characters of an alphabet without look-alikes, in two groups: `k7p2m-x9d4t`. */
function recoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
