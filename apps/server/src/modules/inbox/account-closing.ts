import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { inboxMessages } from './inbox.table.ts';

/** No one reads a closed account's inbox again; its messages (which name amounts, devices, addresses) go. */
export async function clearInboxOnClosure(tx: Tx, userId: number): Promise<void> {
  await tx.delete(inboxMessages).where(eq(inboxMessages.userId, userId));
}
