import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { kycSubmissions } from './kyc.table.ts';

/** The user's verified real name (their approved submission's), or null when they have none. */
export async function verifiedRealName(tx: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await tx
    .select({ name: kycSubmissions.realName })
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.state, 'approved')))
    .limit(1);
  return row?.name ?? null;
}
