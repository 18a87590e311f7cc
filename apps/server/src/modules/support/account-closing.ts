import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { supportConversations, supportMessages } from './support.table.ts';

/** What stands for a closed account's own words in its conversation (the operators' replies stay as written). */
export const ERASED_TEXT = '—';

export async function eraseWordsOnClosure(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(supportMessages)
    .set({ body: ERASED_TEXT })
    .where(and(eq(supportMessages.userId, userId), eq(supportMessages.author, 'user')));
  await tx
    .update(supportConversations)
    .set({ phone: null, phoneVerifiedAt: null })
    .where(eq(supportConversations.userId, userId));
}
