import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';

/** Whether the user leads copy trading now: followers rely on them, so they stop leading before they close. */
export async function leadsCopyTrading(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db.execute(
    sql`SELECT 1 FROM copy_leaders WHERE leader_user_id = ${userId} AND status = 'active' LIMIT 1`,
  );
  return rows.rows.length > 0;
}

/** A closing account stops copying its leaders, as if the user had stopped each one. */
export async function stopFollowingOnClosure(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`UPDATE copy_subscriptions SET status = 'stopped', stopped_reason = 'user', updated_at = now()
    WHERE user_id = ${userId} AND status <> 'stopped'`);
}
