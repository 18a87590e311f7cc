import { sql, type SQL } from 'drizzle-orm';
import { pgArray } from '../../platform/db/pg-array.ts';
import { parseState, type DayUsage, type LimitState } from './limit-rules.ts';

// The statements' parts through which the placement and settlement of orders keep and read the limits, inside
// statements they run anyway: limits add no round trip to an order.

/** What placement reads of a user's limits, per order row `r` (user_id, mode, now, token_hash). */
export const limitColumns = sql`
  lim.limits AS lim_limits, lim.pending AS lim_pending, lim.excluded_until AS lim_excluded_until,
  lim.exclusion_kind AS lim_exclusion_kind,
  CASE WHEN lim.user_id IS NOT NULL AND r.mode = 'real' THEN
    (SELECT coalesce(json_agg(json_build_array(u.day, u.staked::text, u.paid::text, u.returned::text)), '[]')
     FROM limit_usage u WHERE u.user_id = r.user_id AND u.day > (r.now / 86400) - 30) END AS lim_usage,
  CASE WHEN lim.limits ? 'open_orders' AND r.mode = 'real' THEN
    (SELECT coalesce(sum(s.orders), 0) FROM open_stakes s WHERE s.user_id = r.user_id AND s.mode = 'real')
  END AS lim_open,
  CASE WHEN lim.limits ? 'session_minutes' AND r.mode = 'real' THEN
    (SELECT extract(epoch from now() - s.created_at)::float8 FROM sessions s WHERE s.token_hash = r.token_hash)
  END AS lim_session_age`;
export const limitJoin = sql`LEFT JOIN user_limits lim ON lim.user_id = r.user_id`;
/** The same, for a read of only the users who set limits. */
export const limitedUsersJoin = sql`JOIN user_limits lim ON lim.user_id = r.user_id`;

export type LimitColumns = {
  lim_limits: Record<string, string> | null;
  lim_pending: Record<string, { value: string | null; at: number }> | null;
  lim_excluded_until: string | number | null;
  lim_exclusion_kind: string | null;
  lim_usage: Array<[number, string, string, string]> | null;
  lim_open: string | number | null;
  lim_session_age: number | null;
};

/** What an order of this row must respect: the state (null: the user set nothing), usage and counts. */
export function limitsOf(row: LimitColumns): {
  state: LimitState | null;
  usage: Map<number, DayUsage>;
  open: number | null;
  sessionAge: number | null;
} {
  const usage = new Map<number, DayUsage>();
  for (const [day, staked, paid, returned] of row.lim_usage ?? [])
    usage.set(day, { day, staked: BigInt(staked), paid: BigInt(paid), returned: BigInt(returned) });
  return {
    state:
      row.lim_limits === null
        ? null
        : parseState({
            limits: row.lim_limits,
            pending: row.lim_pending ?? {},
            excluded_until: row.lim_excluded_until,
            exclusion_kind: row.lim_exclusion_kind,
          }),
    usage,
    open: row.lim_open === null ? null : Number(row.lim_open),
    sessionAge: row.lim_session_age,
  };
}

/**
 * A CTE that adds opened real orders to their users' usage (users with limits only), rows taken in key order.
 * Placement puts it after its open-stake rows (`after` reads them first) and before the ledger's accounts, as
 * settlement does: the two never wait on each other in a cycle.
 */
export function usageOpened(
  rows: Array<{ userId: number; mode: string; openTime: number; stake: bigint; fee: bigint }>,
  after: SQL = sql`true`,
): SQL {
  const real = rows.filter((r) => r.mode === 'real');
  return sql`
    INSERT INTO limit_usage (user_id, day, staked, paid)
    SELECT v.user_id, v.day, sum(v.stake), sum(v.stake + v.fee)
    FROM unnest(${pgArray(real.map((r) => r.userId))}::bigint[], ${pgArray(real.map((r) => Math.floor(r.openTime / 86400)))}::int[],
                ${pgArray(real.map((r) => r.stake))}::bigint[], ${pgArray(real.map((r) => r.fee))}::bigint[])
         AS v(user_id, day, stake, fee)
    WHERE ${after} AND EXISTS (SELECT 1 FROM user_limits l WHERE l.user_id = v.user_id)
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (user_id, day) DO UPDATE SET staked = limit_usage.staked + excluded.staked,
                                             paid = limit_usage.paid + excluded.paid`;
}

/** A CTE that adds settled real orders' payouts to the usage of the day each opened (users with limits only). */
export function usageSettled(
  rows: Array<{ userId: number; mode: string; openTime: number; payout: bigint }>,
  after: SQL = sql`true`,
): SQL {
  const real = rows.filter((r) => r.mode === 'real');
  return sql`
    INSERT INTO limit_usage (user_id, day, returned)
    SELECT v.user_id, v.day, sum(v.payout)
    FROM unnest(${pgArray(real.map((r) => r.userId))}::bigint[], ${pgArray(real.map((r) => Math.floor(r.openTime / 86400)))}::int[],
                ${pgArray(real.map((r) => r.payout))}::bigint[]) AS v(user_id, day, payout)
    WHERE ${after} AND EXISTS (SELECT 1 FROM user_limits l WHERE l.user_id = v.user_id)
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (user_id, day) DO UPDATE SET returned = limit_usage.returned + excluded.returned`;
}
