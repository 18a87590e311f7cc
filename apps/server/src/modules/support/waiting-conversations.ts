import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { Waiting } from '../../platform/live/waiting.ts';
import { supportConversations } from './support.table.ts';

/**
 * Open conversations whose last word is the user's (waiting for a reply), and the time of the newest message in
 * one (a new message in a conversation already waiting changes it), for the console's live queues.
 */
export async function waitingConversations(db: DbOrTx): Promise<Waiting> {
  const [row] = (
    await db.execute<{ n: string; latest: string | null }>(
      sql`SELECT count(*) AS n, floor(extract(epoch FROM max(${supportConversations.lastMessageAt})) * 1000) AS latest
            FROM ${supportConversations}
           WHERE ${supportConversations.state} = 'open' AND ${supportConversations.lastAuthor} = 'user'`,
    )
  ).rows;
  return { count: Number(row!.n), latest: Number(row!.latest ?? 0) };
}
