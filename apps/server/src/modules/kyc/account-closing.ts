import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { kycSubmissions } from './kyc.table.ts';

/**
 * A closed account's real-name submissions keep their decisions (state, reason, who and when) and lose the person:
 * the name, the sealed document number, its mask, and its hash, which becomes one no document hashes to, so the
 * same document can verify a new account.
 */
export async function eraseRealNameOnClosure(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(kycSubmissions)
    .set({
      realName: '',
      docCipher: Buffer.alloc(0),
      docMasked: '',
      docHash: sql`'erased:' || ${kycSubmissions.id}`,
    })
    .where(eq(kycSubmissions.userId, userId));
}
