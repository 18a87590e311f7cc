import { eq, sql } from 'drizzle-orm';
import type { WithdrawAllowlist } from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { seconds } from '../../platform/time/epoch.ts';
import { assertFundPassword, assertSecondFactor } from '../auth/index.ts';
import { postInboxMessage } from '../inbox/index.ts';
import { refuseIfFrozen } from './account-freeze.ts';
import { localDateTime } from './platform-time.ts';
import type { Settings } from './wallet-settings.ts';
import { withdrawAllowlists } from './wallet.table.ts';

/**
 * With the mode on, a payout method takes at least this long to become usable, whatever the platform's own hold
 * (operators may shorten that one; the user's choice does not follow it down).
 */
export const ALLOWLIST_HOLD_HOURS = 24;
/** How long turning the mode off takes: the window in which the real owner hears of it and can freeze. */
export const ALLOWLIST_OFF_HOURS = 24;

type AllowlistRow = typeof withdrawAllowlists.$inferSelect;

const wallClock = () => Date.now() / 1000;

/** The end of a requested switch-off (seconds), or null while none is requested. */
const offAt = (row: AllowlistRow) =>
  row.offRequestedAt ? seconds(row.offRequestedAt) + ALLOWLIST_OFF_HOURS * 3600 : null;

/**
 * Whether the mode holds at `now`: on, or turning off and not yet off. Times here are the wall clock's, as the
 * method holds they lengthen (holdUntilOf) are, not a simulated trading clock.
 */
const allowlistHolds = (row: AllowlistRow | undefined, now: number): row is AllowlistRow => {
  if (!row) return false;
  const end = offAt(row);
  return end === null || now < end;
};

async function allowlistRow(db: DbOrTx, userId: number): Promise<AllowlistRow | undefined> {
  const [row] = await db.select().from(withdrawAllowlists).where(eq(withdrawAllowlists.userId, userId));
  return row;
}

/**
 * How long a payout method of this user waits after binding before a withdrawal may go to it: the platform's hold,
 * or the allow-list's when the mode holds and that is longer (`allowlist` says whether it is the longer one).
 */
export async function methodHoldHours(db: DbOrTx, userId: number, settings: Settings, now = wallClock()) {
  return methodHoldOf(await withdrawAllowlist(db, userId, settings, now), settings);
}

/** methodHoldHours for a caller that has read the allow-list's state already. */
export function methodHoldOf(mode: WithdrawAllowlist, settings: Settings) {
  const hours = mode.state === 'off' ? settings.holdHours : mode.hold_hours;
  return { hours, allowlist: hours > settings.holdHours };
}

function view(row: AllowlistRow | undefined, settings: Settings, now: number): WithdrawAllowlist {
  const holds = allowlistHolds(row, now);
  const end = row && holds ? offAt(row) : null;
  return {
    state: !holds ? 'off' : end === null ? 'on' : 'turning_off',
    on_since: holds ? seconds(row.onSince) : null,
    off_at: end,
    hold_hours: Math.max(settings.holdHours, ALLOWLIST_HOLD_HOURS),
    off_delay_hours: ALLOWLIST_OFF_HOURS,
  };
}

export async function withdrawAllowlist(
  db: DbOrTx,
  userId: number,
  settings: Settings,
  now = wallClock(),
): Promise<WithdrawAllowlist> {
  return view(await allowlistRow(db, userId), settings, now);
}

/**
 * Turns the mode on at once, or keeps it on when a switch-off was requested (the owner changing their mind, or
 * stopping someone else's request). No secret is asked: it only makes withdrawals harder.
 */
export async function turnAllowlistOn(db: Db, userId: number, settings: Settings, now = wallClock()) {
  const row = await allowlistRow(db, userId);
  if (!allowlistHolds(row, now)) {
    // A switch-off that has run its course left a row behind: the mode starts again from now.
    const [fresh] = await db
      .insert(withdrawAllowlists)
      .values({ userId })
      .onConflictDoUpdate({ target: withdrawAllowlists.userId, set: { onSince: sql`now()`, offRequestedAt: null } })
      .returning();
    return view(fresh, settings, now);
  }
  if (row.offRequestedAt === null) return view(row, settings, now);
  const [kept] = await db
    .update(withdrawAllowlists)
    .set({ offRequestedAt: null })
    .where(eq(withdrawAllowlists.userId, userId))
    .returning();
  return view(kept, settings, now);
}

/**
 * Asks for the mode to end in ALLOWLIST_OFF_HOURS: with the fund password and a fresh second factor, refused on a
 * frozen account, and told in the inbox (and so by push), naming when, so the owner can keep it on or freeze.
 */
export async function requestAllowlistOff(
  db: Db,
  input: {
    userId: number;
    ip: string;
    fundPassword: string | undefined;
    secondFactorCode: string | undefined;
    settings: Settings;
    tz: string;
  },
  now = wallClock(),
): Promise<WithdrawAllowlist> {
  const row = await allowlistRow(db, input.userId);
  if (!allowlistHolds(row, now)) return view(row, input.settings, now);
  if (row.offRequestedAt !== null) return view(row, input.settings, now);
  await refuseIfFrozen(db, input.userId);
  await assertFundPassword(db, { userId: input.userId, ip: input.ip, password: input.fundPassword });
  await assertSecondFactor(db, { user: input.userId, ip: input.ip, code: input.secondFactorCode });
  return db.transaction(async (tx) => {
    const [requested] = await tx
      .update(withdrawAllowlists)
      .set({ offRequestedAt: sql`coalesce(${withdrawAllowlists.offRequestedAt}, now())` })
      .where(eq(withdrawAllowlists.userId, input.userId))
      .returning();
    const answer = view(requested, input.settings, now);
    await postInboxMessage(tx, {
      userId: input.userId,
      kind: 'allowlist_turning_off',
      params: { off_at: `${localDateTime(answer.off_at!, input.tz)} (${input.tz})` },
      reference: `allowlist-off:${seconds(requested!.offRequestedAt!)}`,
    });
    return answer;
  });
}
