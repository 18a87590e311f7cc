import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { idempotencyKeys } from './idempotency.table.ts';

export type StoredAnswer<T> = { replayed: boolean; value: T };

/** A stable hash of a request body: same fields and values in any order give the same hash. */
export function requestHash(scope: string, body: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(body)
      .sort()
      .map((k) => [k, body[k]]),
  );
  return createHash('sha256')
    .update(scope + '\n' + canonical)
    .digest('hex');
}

/**
 * Runs a money-moving action at most once per (user, key). The key row is inserted in the action's own
 * transaction, so the answer is stored if and only if the action committed. A replay with the same
 * body gets the first answer; the same key with another body is refused; a concurrent duplicate waits
 * on the key's row lock and then sees the stored answer. The insert comes first, so a new key costs no
 * extra read.
 */
export async function once<T>(
  db: Db,
  input: { userId: number; key: string; scope: string; hash: string },
  action: (tx: Tx) => Promise<T>,
): Promise<StoredAnswer<T>> {
  try {
    return await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId: input.userId, key: input.key, scope: input.scope, requestHash: input.hash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) throw new RaceLost();
      const value = await action(tx);
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: 200, response: value as object })
        .where(and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.key)));
      return { replayed: false, value };
    });
  } catch (error) {
    if (!(error instanceof RaceLost)) throw error;
    const winner = await findAnswer<T>(db, input);
    if (!winner) throw new AppError('idempotency_in_progress');
    return winner;
  }
}

export async function findAnswer<T>(
  db: Db,
  input: { userId: number; key: string; hash: string },
): Promise<StoredAnswer<T> | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.key)));
  if (!row) return null;
  if (row.requestHash !== input.hash) throw new AppError('idempotency_conflict');
  if (row.statusCode === null) throw new AppError('idempotency_in_progress');
  return { replayed: true, value: row.response as T };
}

class RaceLost extends Error {}
