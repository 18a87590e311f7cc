import type { Db } from '../src/platform/db/client.ts';
import { users } from '../src/modules/users/users.table.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { ensureAccounts, postJournal } from '../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../src/modules/ledger/account-codes.ts';

/** Users with sessions and a large available balance, made directly in the database (registration is rate-limited). */
export async function benchUsers(db: Db, count: number): Promise<{ userIds: number[]; tokens: string[] }> {
  const tokens: string[] = [];
  const userIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const [u] = await db
      .insert(users)
      .values({
        account: `bench${i}`,
        phone: `1990000${String(i).padStart(4, '0')}`,
        passwordHash: 'x',
        inviteCode: `BENCH${i}`,
      })
      .returning({ id: users.id });
    await ensureAccounts(db, [userAccount(u!.id, 'available'), userAccount(u!.id, 'frozen')]);
    await db.transaction((tx) =>
      postJournal(tx, {
        reference: `bench:fund:${u!.id}`,
        kind: 'bench',
        transfers: [{ from: houseAccount('bonuses'), to: userAccount(u!.id, 'available'), amount: 10n ** 12n }],
      }),
    );
    tokens.push((await createSession(db, u!.id, '127.0.0.1')).token);
    userIds.push(u!.id);
  }
  return { userIds, tokens };
}
