import { and, eq, gt, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { loginFailures, sessions } from './auth.table.ts';

/** Five checks of one secret that did not succeed, in fifteen minutes, lock that secret for the rest of the window. */
export const FAILURE_LIMIT = 5;
export const WINDOW_SECONDS = 15 * 60;
/** Longer than any check takes (a hash is tens of milliseconds, a stalled database is cut off within seconds). */
const IN_FLIGHT_SECONDS = 30;

/**
 * One counter per user and secret, whichever flow checks it (login, changing the password, withdrawing,
 * changing the fund password, a step-up with the authenticator). An identifier that names no user still gets a counter of its own, so a
 * guesser cannot tell from the throttling which accounts exist.
 */
export const counterOf = {
  login: (userId: number) => `login:${userId}`,
  unknownAccount: (identifier: string) => `account:${identifier.trim().toLowerCase()}`,
  fund: (userId: number) => `fund:${userId}`,
  /** The authenticator's codes and the recovery codes: one counter, as they stand in for each other. */
  secondFactor: (userId: number) => `second-factor:${userId}`,
  /**
   * Signing in with a passkey alone: its own counter, so assertions thrown at the sign-in page cannot lock the
   * owner's step-ups, nor the reverse.
   */
  passkeyLogin: (userId: number) => `passkey-login:${userId}`,
  /** A credential ID that names no passkey here (counted per address too, like an unknown account). */
  unknownPasskey: (credentialId: string) => `passkey:${credentialId.slice(0, 200)}`,
} as const;

/**
 * How the wrong answers of one flow count per address: its family (`login` for users, `operator` for the
 * console) and how many an address may give in the window. Families never share a count, so guessing at one
 * door never locks the other; each family's limit fits who stands behind one address (a user's phone, or an
 * office of operators signing in to the console by many names).
 */
export type AddressLimit = { family: string; limit: number };

export const addressLimits = {
  userLogin: { family: 'login', limit: FAILURE_LIMIT },
  operatorSignIn: { family: 'operator', limit: 50 },
} as const satisfies Record<string, AddressLimit>;

export type SecretCheck = {
  /** The per-user (or per-identifier) counter, from `counterOf`. */
  counter: string;
  /** The caller's address. */
  ip: string;
  /** Counts per address too, within its family; null for flows behind a session, which count per secret only. */
  perAddress: AddressLimit | null;
  /**
   * Login only: the account's counter does not lock out the owner at an address the account has logged
   * in from before, so someone else's guessing cannot lock the owner out of their own phone.
   */
  exemptKnownAddressOf?: number | undefined;
};

/**
 * Checks a secret with the attempt counted first. Counting and the limit are one step under a
 * transaction-scoped lock on the counter (and the address), so parallel requests on any number of nodes
 * are admitted one at a time: a burst of any size gets at most FAILURE_LIMIT checks of one user's secret.
 * The attempt stays counted unless `verify` says the secret was right, so a crash between counting and
 * verifying never gives a guess (the check in flight counts until it is too old to be running). The lock is held for the count only, never during the hash, so
 * a burst cannot tie up the pool's connections.
 */
export async function checkSecret(db: Db, check: SecretCheck, verify: () => Promise<boolean>): Promise<boolean> {
  const attemptId = await db.transaction((tx) => claimAttempt(tx, check));
  const right = await verify();
  if (right) await db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
  else
    await db
      .update(loginFailures)
      .set({ checkedAt: sql`now()` })
      .where(eq(loginFailures.id, attemptId));
  return right;
}

async function claimAttempt(tx: Tx, check: SecretCheck): Promise<number> {
  // A flow not limited per address keeps its rows apart from every family's (`@` is never in those keys).
  const address = check.perAddress
    ? `${check.perAddress.family}@${check.ip}`
    : `${check.counter.split(':')[0]}:${check.ip}`;
  // Locks in a fixed order, so two requests that share a counter and an address cannot deadlock.
  const keys = [...new Set([`attempts:${check.counter}`, ...(check.perAddress ? [`attempts-ip:${address}`] : [])])];
  for (const key of keys.sort()) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);

  const since = sql`now() - make_interval(secs => ${WINDOW_SECONDS})`;
  const recent = (where: SQL) =>
    tx
      .select({
        n: sql<number>`count(*)::int`,
        oldest: sql<number>`extract(epoch from min(${loginFailures.createdAt}))::float8`,
      })
      .from(loginFailures)
      .where(and(where, gt(loginFailures.createdAt, since)))
      .then((rows) => rows[0]!);

  if (check.perAddress) {
    // Wrong answers only: checks in flight from one address may be many different people behind one NAT.
    const byAddress = await recent(and(eq(loginFailures.ip, address), isNotNull(loginFailures.checkedAt))!);
    if (byAddress.n >= check.perAddress.limit) throw throttled(byAddress.oldest);
  }
  // Wrong answers, and checks still in flight (a burst's parallel requests). A check that never finished (its
  // process died) gave nobody an answer, so once it is older than any check takes it stops counting.
  const byCounter = await recent(
    and(
      eq(loginFailures.accountKey, check.counter),
      or(
        isNotNull(loginFailures.checkedAt),
        gt(loginFailures.createdAt, sql`now() - make_interval(secs => ${IN_FLIGHT_SECONDS})`),
      ),
    )!,
  );
  if (
    byCounter.n >= FAILURE_LIMIT &&
    !(check.exemptKnownAddressOf !== undefined && (await isKnownAddress(tx, check.exemptKnownAddressOf, check.ip)))
  ) {
    throw throttled(byCounter.oldest);
  }
  const [row] = await tx
    .insert(loginFailures)
    .values({ accountKey: check.counter, ip: address })
    .returning({ id: loginFailures.id });
  return row!.id;
}

async function isKnownAddress(tx: Tx, userId: number, ip: string) {
  const [row] = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip)))
    .limit(1);
  return Boolean(row);
}

function throttled(oldestEpoch: number) {
  const waitSeconds = Math.max(1, oldestEpoch + WINDOW_SECONDS - Date.now() / 1000);
  return new AppError('too_many_attempts', { params: { minutes: Math.ceil(waitSeconds / 60) } });
}
