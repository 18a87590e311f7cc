import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { loginFailures, sessions } from './auth.table.ts';

export const FAILURE_LIMIT = 5;
export const WINDOW_SECONDS = 15 * 60;

const since = sql`now() - make_interval(secs => ${WINDOW_SECONDS})`;

/**
 * Five failures in fifteen minutes throttle an address, and throttle an account for addresses it has
 * never logged in from. So a guesser is slowed from anywhere, while the owner, logging in from an
 * address the account already used, is not locked out by someone else's failures. Everything ages out
 * of the window on its own.
 */
export async function assertNotThrottled(db: DbOrTx, accountKey: string, ip: string, userId: number | null) {
  const [byIp] = await db
    .select({
      n: sql<number>`count(*)::int`,
      oldest: sql<number>`extract(epoch from min(${loginFailures.createdAt}))::float8`,
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
  if (byIp && byIp.n >= FAILURE_LIMIT) throw throttled(byIp.oldest);

  const [byAccount] = await db
    .select({
      n: sql<number>`count(*)::int`,
      oldest: sql<number>`extract(epoch from min(${loginFailures.createdAt}))::float8`,
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.accountKey, accountKey), gt(loginFailures.createdAt, since)));
  if (byAccount && byAccount.n >= FAILURE_LIMIT && !(userId !== null && (await isKnownAddress(db, userId, ip)))) {
    throw throttled(byAccount.oldest);
  }
}

export async function recordFailure(db: DbOrTx, accountKey: string, ip: string) {
  await db.insert(loginFailures).values({ accountKey, ip });
}

async function isKnownAddress(db: DbOrTx, userId: number, ip: string) {
  const [row] = await db
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
