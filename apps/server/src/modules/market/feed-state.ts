import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { feedState } from './market.table.ts';

/**
 * The price feed's one row: the simulator's seed, and the watermark (the last second recorded for every
 * product). The feed job writes it; settlement and the alerts job read the watermark to know how far prices go.
 */
export type FeedState = typeof feedState.$inferSelect;

export async function readFeedState(db: DbOrTx): Promise<FeedState | null> {
  const [state] = await db.select().from(feedState).where(eq(feedState.id, 1));
  return state ?? null;
}

/** The first start's row; when another node's feed got there first, theirs. */
export async function startFeedState(
  db: DbOrTx,
  start: { feed: string; seed: string; watermark: number },
): Promise<FeedState> {
  const [inserted] = await db
    .insert(feedState)
    .values({ id: 1, ...start })
    .onConflictDoNothing()
    .returning();
  return inserted ?? (await readFeedState(db))!;
}

export async function advanceFeedWatermark(db: DbOrTx, watermark: number): Promise<void> {
  await db
    .update(feedState)
    .set({ watermark, updatedAt: sql`now()` })
    .where(eq(feedState.id, 1));
}
