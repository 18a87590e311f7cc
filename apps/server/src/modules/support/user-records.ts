import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { supportConversations } from './support.table.ts';

/** The audit target of one user's support conversation (assignments, closing), for the user's timeline. */
export async function supportTargets(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ id: supportConversations.id })
    .from(supportConversations)
    .where(eq(supportConversations.userId, userId));
  return rows.map((r) => `support:${r.id}`);
}
