import { and, eq } from 'drizzle-orm';
import { formatMoney, platformDate, type OrderMode, type PracticeAccount } from '@app/contracts';
import type { Db, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  PRACTICE_ASSET,
  houseAccount,
  userAccount,
  balancesOf,
  lockedBalance,
  postJournal,
  postJournalOnce,
} from '../ledger/index.ts';
import { practiceResets } from './practice.table.ts';

/** 10,000 U of virtual money, in minor units. */
export const PRACTICE_START = 1_000_000n;

/** The ledger asset an order's money moves in: practice orders never touch the real one. */
export const assetOf = (mode: OrderMode) => (mode === 'practice' ? PRACTICE_ASSET : 'USD');

const available = (userId: number) => userAccount(userId, 'available', PRACTICE_ASSET);
const frozen = (userId: number) => userAccount(userId, 'frozen', PRACTICE_ASSET);
const grants = houseAccount('practice', PRACTICE_ASSET);

/**
 * Opens the practice account on first use: one journal with a per-user reference, so concurrent first
 * uses credit it once. Once opened, it locks nothing: order placement calls it before the open-stake rows.
 */
export async function openPractice(tx: Tx, userId: number): Promise<void> {
  await postJournalOnce(tx, {
    reference: `practice:${userId}:open`,
    kind: 'practice_open',
    transfers: [{ from: grants, to: available(userId), amount: PRACTICE_START }],
  });
}

export async function practiceAccount(db: Db, userId: number, now: number, tz: string): Promise<PracticeAccount> {
  return db.transaction(async (tx) => {
    await openPractice(tx, userId);
    const b = await balancesOf(tx, [available(userId), frozen(userId)]);
    const a = b.get(available(userId))!;
    const f = b.get(frozen(userId))!;
    const [used] = await tx
      .select({ day: practiceResets.day })
      .from(practiceResets)
      .where(and(eq(practiceResets.userId, userId), eq(practiceResets.day, platformDate(now, tz))));
    return {
      available: formatMoney(a),
      frozen: formatMoney(f),
      total: formatMoney(a + f),
      start: formatMoney(PRACTICE_START),
      can_reset: !used,
    };
  });
}

/**
 * Brings the practice available balance back to 10,000 U, once per platform day. Stakes of open
 * practice orders stay frozen and settle as usual.
 */
export async function resetPractice(db: Db, userId: number, now: number, tz: string): Promise<PracticeAccount> {
  const day = platformDate(now, tz);
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(practiceResets)
      .values({ userId, day })
      .onConflictDoNothing()
      .returning({ day: practiceResets.day });
    if (claimed.length === 0) throw new AppError('practice_reset_used');
    await openPractice(tx, userId);
    const balance = await lockedBalance(tx, available(userId));
    const gap = PRACTICE_START - balance;
    if (gap === 0n) return;
    await postJournal(tx, {
      reference: `practice:${userId}:reset:${day}`,
      kind: 'practice_reset',
      transfers: [
        gap > 0n
          ? { from: grants, to: available(userId), amount: gap }
          : { from: available(userId), to: grants, amount: -gap },
      ],
    });
  });
  return practiceAccount(db, userId, now, tz);
}
