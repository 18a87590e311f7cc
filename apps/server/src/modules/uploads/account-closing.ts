import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { uploads } from './uploads.table.ts';

/**
 * A closed account's pictures (avatar, documents, receipts, attachments) are deleted, bytes and all: records that
 * named them keep the id, which now answers "not found".
 */
export async function eraseUploadsOnClosure(tx: Tx, userId: number): Promise<number> {
  const gone = await tx.delete(uploads).where(eq(uploads.userId, userId)).returning({ id: uploads.id });
  return gone.length;
}
