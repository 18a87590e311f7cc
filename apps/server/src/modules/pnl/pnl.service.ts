import { sql } from 'drizzle-orm';
import {
  bpToPct,
  dayLabel,
  dayOf,
  formatMoney,
  type OrderMode,
  type Pnl,
  type PnlTally,
  platformDate,
} from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';

type Acc = { orders: number; wins: number; pnl: bigint; fees: bigint };
const empty = (): Acc => ({ orders: 0, wins: 0, pnl: 0n, fees: 0n });
const add = (a: Acc, b: Acc) => {
  a.orders += b.orders;
  a.wins += b.wins;
  a.pnl += b.pnl;
  a.fees += b.fees;
};
const out = (a: Acc): PnlTally => ({
  orders: a.orders,
  wins: a.wins,
  pnl: formatMoney(a.pnl),
  fees: formatMoney(a.fees),
});

/**
 * A user's results in one mode, from the settled orders: grouped by platform day (of the settlement
 * second) and product in SQL, folded into days, products and periods here. Nothing is stored.
 */
export async function pnlOf(db: DbOrTx, userId: number, mode: OrderMode, now: number, tz: string): Promise<Pnl> {
  const rows = await db.execute<{
    day: string;
    symbol: string;
    name: string;
    orders: number;
    wins: number;
    losses: number;
    pnl: string;
    fees: string;
  }>(sql`
    SELECT to_char(to_timestamp(o.settle_time) AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day, p.symbol, p.name,
           count(*)::int AS orders, count(*) FILTER (WHERE o.result = 'win')::int AS wins,
           count(*) FILTER (WHERE o.result = 'loss')::int AS losses,
           sum(o.payout - o.stake - o.fee)::text AS pnl, sum(o.fee)::text AS fees
    FROM contract_orders o JOIN products p ON p.id = o.product_id
    WHERE o.user_id = ${userId} AND o.mode = ${mode} AND o.status = 'settled'
    GROUP BY 1, p.symbol, p.name`);
  const open = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM contract_orders WHERE user_id = ${userId} AND mode = ${mode} AND status = 'open'`,
  );
  const today = platformDate(now, tz);
  // Counted in platform days: n × 86,400 s back lands on the wrong day near midnight after a DST change.
  const daysAgo = (n: number) => dayLabel(dayOf(now, tz) - n);
  const weekStart = daysAgo(6);
  const monthStart = daysAgo(29);
  const days = new Map<string, Acc>();
  const productsBy = new Map<string, Acc & { name: string }>();
  const periods = { today: empty(), week: empty(), month: empty(), all: empty() };
  let losses = 0;
  for (const r of rows.rows) {
    const acc: Acc = { orders: r.orders, wins: r.wins, pnl: BigInt(r.pnl), fees: BigInt(r.fees) };
    losses += r.losses;
    if (!days.has(r.day)) days.set(r.day, empty());
    add(days.get(r.day)!, acc);
    if (!productsBy.has(r.symbol)) productsBy.set(r.symbol, { ...empty(), name: r.name });
    add(productsBy.get(r.symbol)!, acc);
    add(periods.all, acc);
    if (r.day >= monthStart) add(periods.month, acc);
    if (r.day >= weekStart) add(periods.week, acc);
    if (r.day === today) add(periods.today, acc);
  }
  const all = periods.all;
  return {
    mode,
    today,
    total: {
      ...out(all),
      losses,
      draws: all.orders - all.wins - losses,
      win_rate: all.orders ? bpToPct(Math.round((all.wins * 10_000) / all.orders)) : null,
      open: open.rows[0]!.n,
    },
    by_day: [...days.entries()].sort((a, b) => (a[0] < b[0] ? 1 : -1)).map(([day, a]) => ({ day, ...out(a) })),
    by_product: [...productsBy.entries()]
      .sort((a, b) => b[1].orders - a[1].orders || (a[0] < b[0] ? -1 : 1))
      .map(([symbol, a]) => ({ symbol, name: a.name, ...out(a) })),
    periods: { today: out(periods.today), week: out(periods.week), month: out(periods.month), all: out(all) },
  };
}
