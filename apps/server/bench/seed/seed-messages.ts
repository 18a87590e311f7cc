import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/platform/db/client.ts';
import { inBatches, lit, moveSequencePast, nextId, ownedRows } from './seed-batches.ts';
import { heavySplit, type SeedCounts } from './seed-counts.ts';
import { seededUsers } from './seed-users.ts';

/** Inbox messages of the kinds the flows write (approved deposits and withdrawals, matured plans); older ones read. */
export async function seedMessages(db: DbOrTx, counts: SeedCounts): Promise<void> {
  const users = await seededUsers(db);
  const { rest } = heavySplit(counts.messages, counts);
  const first = await nextId(db, 'inbox_messages');
  await inBatches(
    db,
    counts.messages,
    (lo, hi) => sql`
      INSERT INTO inbox_messages (id, user_id, kind, params, reference, read_at, created_at)
      SELECT ${lit(first)} + g, user_id,
             (ARRAY['deposit_approved', 'withdrawal_approved', 'plan_matured'])[1 + g % 3],
             jsonb_build_object('amount', ((1000 + g % 90000) / 100.0)::numeric(12, 2)::text, 'title', 'Steady 30'),
             'bench:' || g, CASE WHEN g % 10 = 0 THEN NULL ELSE at END, at
      FROM (${ownedRows(users, counts.messages, rest, lo, hi)}) r`,
  );
  await moveSequencePast(db, 'inbox_messages');
}
