import { createHash, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { stepUpGrants } from './auth.table.ts';

// The one-time code a verified passkey step-up is exchanged for (see passkeys.service.ts stepUpWithPasskey).

/** Takes a step-up grant once, for its user, before it lapses. */
export async function redeemStepUpGrant(db: Db, userId: number, code: string): Promise<boolean> {
  const used = await db
    .update(stepUpGrants)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(stepUpGrants.userId, userId),
        eq(stepUpGrants.grantHash, grantHash(code)),
        sql`${stepUpGrants.usedAt} IS NULL AND ${stepUpGrants.expiresAt} > now()`,
      ),
    )
    .returning({ id: stepUpGrants.id });
  return used.length === 1;
}

const GRANT_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** `PK-` and 24 characters from 31 (about 119 bits): never mistaken for an app code or a recovery code. */
export const newGrantCode = () =>
  `PK-${Array.from({ length: 24 }, () => GRANT_ALPHABET[randomInt(GRANT_ALPHABET.length)]).join('')}`;
export const looksLikeStepUpGrant = (code: string) => /^PK-[A-Z2-9]{24}$/.test(code);
export const grantHash = (code: string) => createHash('sha256').update(`step-up:${code}`).digest('hex');
