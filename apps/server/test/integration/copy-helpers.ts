import { sql } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/client.ts';
import { postJournals } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { follow } from '../../src/modules/copy/copy-follow.service.ts';
import { goOrderBodySchema, type GoOrderBody } from '@app/contracts';

let made = 0;

/**
 * Many users straight into the table (the copy suites need hundreds; registering each through the API would
 * spend minutes hashing passwords), each funded with `cents` by one system-gift journal.
 */
export async function makeUsers(db: Db, n: number, cents: bigint): Promise<number[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: n }, () => {
        const i = ++made;
        const tag = `${process.pid}x${i}`;
        return {
          account: `cp${tag}`,
          phone: `+77${String(process.pid).slice(-4)}${String(i).padStart(6, '0')}`,
          passwordHash: 'x',
          inviteCode: `CP${tag}`,
        };
      }),
    )
    .returning({ id: users.id });
  const ids = rows.map((r) => r.id);
  if (cents > 0n)
    await db.transaction((tx) =>
      postJournals(
        tx,
        ids.map((id) => ({
          reference: `copytest:fund:${id}`,
          kind: 'system_gift',
          transfers: [{ from: houseAccount('bonuses'), to: userAccount(id, 'available'), amount: cents }],
        })),
      ),
    );
  return ids;
}

/** Follows through the same service as /api/user/goorder, with the body parsed by its contract. */
export function followAs(
  db: Db,
  userId: number,
  body: Partial<GoOrderBody> & { leader_id: number | string },
  now: number,
) {
  const parsed = goOrderBodySchema.parse({ max_amount: '1000', daily_loss: '1000', amount: '10', agree: '1', ...body });
  return follow(db, userId, parsed, now, 'Asia/Shanghai');
}

export async function taskOutcomes(db: Db, leaderOrderId: number) {
  const rows = await db.execute<{
    user_id: string;
    status: string;
    reason: string | null;
    copy_order_id: string | null;
  }>(
    sql`SELECT user_id, status, reason, copy_order_id FROM copy_tasks WHERE leader_order_id = ${leaderOrderId} ORDER BY user_id`,
  );
  return rows.rows.map((r) => ({
    userId: Number(r.user_id),
    status: r.status,
    reason: r.reason,
    copyOrderId: r.copy_order_id === null ? null : Number(r.copy_order_id),
  }));
}
