import { and, desc, eq, gte } from 'drizzle-orm';
import { formatMoney, type CheckinStatus } from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { postJournal, houseAccount, userAccount } from '../ledger/index.ts';
import { dayLabel, dayOf } from '@app/contracts';
import { loadEngage } from '../content/index.ts';
import { postInboxMessage } from '../inbox/index.ts';
import { checkins } from './checkin.table.ts';

type Clock = { now: number; tz: string };

export async function checkinStatus(db: DbOrTx, userId: number, c: Clock): Promise<CheckinStatus> {
  const today = dayOf(c.now, c.tz);
  const [settings, recent] = await Promise.all([
    loadEngage(db),
    db
      .select({ day: checkins.day, streak: checkins.streak })
      .from(checkins)
      .where(and(eq(checkins.userId, userId), gte(checkins.day, today - 6)))
      .orderBy(desc(checkins.day)),
  ]);
  const days = new Map(recent.map((r) => [r.day, r.streak]));
  const streak = days.get(today) ?? days.get(today - 1) ?? 0;
  return {
    checked_today: days.has(today),
    streak,
    reward: formatMoney(settings.checkinReward),
    today: dayLabel(today),
    time_zone: c.tz,
    week: Array.from({ length: 7 }, (_, i) => today - 6 + i).map((d) => ({ day: dayLabel(d), checked: days.has(d) })),
  };
}

/**
 * Today's check-in: the row keyed (user, platform day) is inserted first, so of two concurrent attempts
 * one waits on the other's key and then finds it taken ("once a day only"); the reward moves through one
 * journal whose reference is the same key, and the inbox tells the user, all in one transaction.
 */
export async function checkIn(db: Db, userId: number, c: Clock): Promise<CheckinStatus> {
  const today = dayOf(c.now, c.tz);
  await db.transaction(async (tx) => {
    const settings = await loadEngage(tx);
    const [yesterday] = await tx
      .select({ streak: checkins.streak })
      .from(checkins)
      .where(and(eq(checkins.userId, userId), eq(checkins.day, today - 1)));
    const streak = (yesterday?.streak ?? 0) + 1;
    const amount = settings.checkinReward;
    const [row] = await tx
      .insert(checkins)
      .values({ userId, day: today, amount, streak })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('once_a_day');
    if (amount > 0n) {
      const reference = `checkin:${userId}:${today}`;
      await postJournal(tx, {
        reference,
        kind: 'checkin_reward',
        transfers: [{ from: houseAccount('bonuses'), to: userAccount(userId, 'available'), amount }],
        memo: { day: dayLabel(today), streak },
      });
      await postInboxMessage(tx, {
        userId,
        kind: 'checkin_reward',
        params: { amount: formatMoney(amount), streak },
        reference,
      });
    }
  });
  return checkinStatus(db, userId, c);
}
