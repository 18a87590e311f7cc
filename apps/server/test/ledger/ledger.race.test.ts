import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/platform/http/app-error.ts';
import { balancesOf, ensureAccounts, postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { once, requestHash } from '../../src/platform/idempotency/idempotency.service.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.drop());

describe('ledger under concurrency', () => {
  it('lets exactly 10 of 50 concurrent spends through a balance that affords 10', async () => {
    const wallet = userAccount(500, 'available');
    await ensureAccounts(database.db, [wallet]);
    await database.db.transaction((tx) =>
      postJournal(tx, {
        reference: 'race:fund',
        kind: 'test',
        transfers: [{ from: houseAccount('bonuses'), to: wallet, amount: 10_000n }],
      }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        database.db.transaction((tx) =>
          postJournal(tx, {
            reference: `race:spend:${i}`,
            kind: 'test',
            transfers: [{ from: wallet, to: houseAccount('trading'), amount: 1_000n }],
          }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toSatisfy(
        (e) => e instanceof AppError && e.key === 'balance_insufficient',
      );
    expect((await balancesOf(database.db, [wallet])).get(wallet)).toBe(0n);
    expect((await verifyLedger(database.db)).breaks).toEqual([]);
  });
});

describe('idempotency keys', () => {
  const spend = (userId: number, key: string, amountCents: number) =>
    once(
      database.db,
      { userId, key, scope: 'test.spend', hash: requestHash('test.spend', { amount: String(amountCents) }) },
      async (tx) => {
        await postJournal(tx, {
          reference: `idem:${userId}:${key}`,
          kind: 'test',
          transfers: [
            { from: userAccount(userId, 'available'), to: houseAccount('trading'), amount: BigInt(amountCents) },
          ],
        });
        return { spent: String(amountCents), at: Date.now() };
      },
    );

  it('returns the first answer to a replay, refuses the same key with another body, and runs once under a race', async () => {
    const userId = 600;
    await ensureAccounts(database.db, [userAccount(userId, 'available')]);
    await database.db.transaction((tx) =>
      postJournal(tx, {
        reference: 'idem:fund',
        kind: 'test',
        transfers: [{ from: houseAccount('bonuses'), to: userAccount(userId, 'available'), amount: 5_000n }],
      }),
    );
    const first = await spend(userId, 'key-aaaaaaaa', 1_000);
    const replay = await spend(userId, 'key-aaaaaaaa', 1_000);
    expect(first.replayed).toBe(false);
    expect(replay).toEqual({ replayed: true, value: first.value });
    await expect(spend(userId, 'key-aaaaaaaa', 2_000)).rejects.toSatisfy(
      (e) => e instanceof AppError && e.key === 'idempotency_conflict',
    );

    const racing = await Promise.allSettled(Array.from({ length: 10 }, () => spend(userId, 'key-bbbbbbbb', 500)));
    const fulfilled = racing.filter(
      (r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof spend>>> => r.status === 'fulfilled',
    );
    expect(fulfilled.filter((r) => !r.value.replayed)).toHaveLength(1);
    expect(new Set(fulfilled.map((r) => r.value.value.at)).size).toBe(1);
    expect(
      (await balancesOf(database.db, [userAccount(userId, 'available')])).get(userAccount(userId, 'available')),
    ).toBe(3_500n);
  });

  it('stores nothing when the action fails, so a corrected retry can use the key', async () => {
    const userId = 601;
    await ensureAccounts(database.db, [userAccount(userId, 'available')]);
    await expect(spend(userId, 'key-cccccccc', 100)).rejects.toSatisfy(
      (e) => e instanceof AppError && e.key === 'balance_insufficient',
    );
    await database.db.transaction((tx) =>
      postJournal(tx, {
        reference: 'idem:fund2',
        kind: 'test',
        transfers: [{ from: houseAccount('bonuses'), to: userAccount(userId, 'available'), amount: 100n }],
      }),
    );
    expect((await spend(userId, 'key-cccccccc', 100)).replayed).toBe(false);
  });
});
