import { formatMoney, type Reality } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { sessionTimes } from '../auth/index.ts';
import { realityMinutesOf } from '../limits/index.ts';
import { tradingSince } from '../orders/index.ts';

/**
 * Where the user stands in the session `sessionId`: how long it has run, what they staked and what came of it,
 * from the recorded orders; the reminder interval (the user's, else their session length's) and when the session
 * length ends the session.
 */
export async function realityOf(db: DbOrTx, userId: number, sessionId: number, now: number): Promise<Reality> {
  const times = await sessionTimes(db, sessionId);
  if (!times) throw new AppError('session_expired');
  const { realityMinutes, sessionMinutes } = await realityMinutesOf(db, userId);
  const trading = await tradingSince(db, userId, times.startedAt);
  return {
    interval_minutes: realityMinutes ?? sessionMinutes,
    session_limit_minutes: sessionMinutes,
    started_at: times.startedAt,
    ends_at: sessionMinutes === null ? null : Math.min(times.endsAt, times.startedAt + sessionMinutes * 60),
    now,
    orders: trading.orders,
    staked: formatMoney(trading.staked),
    net: formatMoney(trading.net),
    open_staked: formatMoney(trading.openStaked),
  };
}
