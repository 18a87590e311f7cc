/**
 * pnpm bench:settle
 * Settlement lag at a platform's rate: BENCH_SETTLE_ORDERS (default 100,000) open orders of BENCH_USERS users
 * (default 1,000) whose settlement seconds spread evenly over one minute, against the real server (its settlement
 * job, as it runs on every node). The orders are written straight into the database as placement leaves them
 * (the row, the stake frozen in the ledger, the open-stake row), so the minute is not spent placing them.
 * Lag = settled_at (the settling statement's clock) - the order's due second: it includes the feed's own delay in
 * recording that second. Goal p99 at most 1 s. Figures are printed, never asserted.
 */
import { sql } from 'drizzle-orm';
import { connect } from '../src/platform/db/client.ts';
import { postJournals } from '../src/modules/ledger/ledger.service.ts';
import { userAccount } from '../src/modules/ledger/account-codes.ts';
import { openStakeDrift } from '../src/modules/orders/orders.service.ts';
import { verifyLedger } from '../src/modules/ledger/ledger-verify.ts';
import { percentile, startBenchServer } from './bench-server.ts';
import { benchUsers } from './bench-users.ts';

const ORDERS = Number(process.env.BENCH_SETTLE_ORDERS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 1_000);
const STAKE = 1_000n;
const GOAL_MS = 1_000;

const server = await startBenchServer();
const database = connect(server.dbUrl, 10);
const { db } = database;
try {
  console.log(`bench:settle  orders=${ORDERS} due within one minute, users=${USERS}`);
  const { userIds } = await benchUsers(db, USERS);

  const seeded = Date.now();
  const [product] = (
    await db.execute<{ id: number; price: string }>(sql`
      SELECT p.id, (SELECT price FROM price_ticks t WHERE t.product_id = p.id ORDER BY ts DESC LIMIT 1) AS price
      FROM products p WHERE p.symbol = 'ETH/USDT'`)
  ).rows;
  // Due from a few seconds after the seeding ends, whatever the machine's pace: the seeding's own length is
  // estimated from a first timing and padded.
  const firstDue = Math.floor(Date.now() / 1000) + 20 + Math.ceil(ORDERS / 10_000);
  await db.execute(sql`
    INSERT INTO contract_orders (user_id, product_id, direction, stake, fee, seconds, payout_bp, loss_bp, fee_bp,
                                 open_time, open_price, settle_time, mode)
    SELECT u.ids[1 + i % ${USERS}], ${product!.id}, CASE WHEN i % 2 = 0 THEN 'up' ELSE 'down' END, ${STAKE}, 0, 300,
           8500, 10000, 0, d.due - 300, ${product!.price}, d.due, 'real'
    FROM generate_series(0, ${ORDERS - 1}) AS i,
         LATERAL (SELECT ${firstDue} + (i * 60) / ${ORDERS} AS due) AS d,
         (SELECT ${`{${userIds.join(',')}}`}::bigint[] AS ids) AS u`);
  const perUser = await db.execute<{ user_id: string; stake: string }>(sql`
    SELECT user_id, sum(stake) AS stake FROM contract_orders WHERE status = 'open' GROUP BY 1`);
  // The stakes frozen as the orders' opening journals would have frozen them, one journal per user.
  await db.transaction((tx) =>
    postJournals(
      tx,
      perUser.rows.map((r) => ({
        reference: `bench:freeze:${r.user_id}`,
        kind: 'bench',
        transfers: [
          {
            from: userAccount(Number(r.user_id), 'available'),
            to: userAccount(Number(r.user_id), 'frozen'),
            amount: BigInt(r.stake),
          },
        ],
      })),
    ),
  );
  await db.execute(sql`
    INSERT INTO open_stakes (user_id, product_id, mode, stake, orders)
    SELECT user_id, product_id, mode, sum(stake), count(*) FROM contract_orders WHERE status = 'open' GROUP BY 1, 2, 3
    ON CONFLICT (user_id, product_id, mode) DO UPDATE SET stake = excluded.stake, orders = excluded.orders`);
  await db.execute(sql`ANALYZE contract_orders`);
  const lead = firstDue - Date.now() / 1000;
  console.log(
    `left ${ORDERS} orders due between +${lead.toFixed(0)} s and +${(lead + 60).toFixed(0)} s (seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s)`,
  );
  if (lead < 2) console.log('  WARNING: the seeding ran past the first due second; the first lags include it');

  // Until every order is settled, or 60 s after the last falls due.
  const deadline = (firstDue + 120) * 1000;
  for (;;) {
    await new Promise((r) => setTimeout(r, 2000));
    const open = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM contract_orders WHERE status = 'open'`,
    );
    if ((open.rows[0]!.n === 0 && Date.now() > (firstDue + 60) * 1000) || Date.now() > deadline) break;
  }
  const lags = await db.execute<{ lag: number }>(sql`
    SELECT extract(epoch from settled_at) - settle_time AS lag FROM contract_orders WHERE status = 'settled'`);
  const open = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM contract_orders WHERE status = 'open'`,
  );
  const busiest = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM contract_orders WHERE status = 'settled'
    GROUP BY date_trunc('second', settled_at) ORDER BY 1 DESC LIMIT 1`);
  const sorted = lags.rows.map((r) => Number(r.lag) * 1000).sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  console.log(
    `settlement lag (settled_at - due second) over ${sorted.length} orders: p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms; still open: ${open.rows[0]!.n}`,
  );
  console.log(
    `  busiest second: ${busiest.rows[0]?.n ?? 0} orders settled (needed on average: ${(ORDERS / 60).toFixed(0)}/s)`,
  );
  const drift = await openStakeDrift(db);
  const report = await verifyLedger(db);
  console.log(
    `  goal p99 at most ${GOAL_MS} ms: ${p99 <= GOAL_MS && open.rows[0]!.n === 0 ? 'met' : 'NOT met'}; open-stake rows off: ${drift.length}; ledger breaks: ${report.breaks.length}`,
  );
} finally {
  await database.close();
  await server.stop();
}
process.exit(0);
