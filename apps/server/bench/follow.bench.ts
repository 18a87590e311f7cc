/**
 * pnpm bench:follow
 * Time from a leader's order to the last of 1,000 followers' copies committed, against the real server (its
 * price feed and copy job running) on a fresh data directory. The leader orders over HTTP; the clock starts
 * before the request and stops when the database shows every follower's copy task decided (polled every 5 ms,
 * from another connection, so only committed work counts). Prints p50 / p99 over several leader orders.
 */
import { sql } from 'drizzle-orm';
import { connect } from '../src/platform/db/client.ts';
import { users } from '../src/modules/users/users.table.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { postJournals } from '../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../src/modules/ledger/account-codes.ts';
import { lead } from '../src/modules/copy/copy-leaders.service.ts';
import { findProductTerms } from '../src/modules/market/market.repository.ts';
import { insertOpenOrders, lockOrderUsers } from '../src/modules/orders/order-opening.ts';
import { pseudonymKeyOf } from '../src/modules/transparency/index.ts';
import { percentile, startBenchServer } from './bench-server.ts';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 1_000);
const ORDERS = Number(process.env.BENCH_LEADER_ORDERS ?? 10);

const server = await startBenchServer();
const database = connect(server.dbUrl, 5);
const { db } = database;
console.log(`bench:follow  followers=${FOLLOWERS} leader-orders=${ORDERS}`);

// Leader and followers straight into the database, each funded by one journal.
const made = await db
  .insert(users)
  .values(
    Array.from({ length: FOLLOWERS + 1 }, (_, i) => ({
      account: `follow${i}`,
      phone: `1980000${String(i).padStart(4, '0')}`,
      passwordHash: 'x',
      inviteCode: `FOLLOW${i}`,
    })),
  )
  .returning({ id: users.id });
const [leaderUser, ...followers] = made.map((u) => u.id);
for (let i = 0; i < made.length; i += 500)
  await db.transaction((tx) =>
    postJournals(
      tx,
      made.slice(i, i + 500).map(({ id }) => ({
        reference: `bench:fund:${id}`,
        kind: 'bench',
        transfers: [{ from: houseAccount('bonuses'), to: userAccount(id, 'available'), amount: 10n ** 9n }],
      })),
    ),
  );
const leader = await lead(db, leaderUser!, { display_name: 'Bench Leader', description: '' });
const leaderId = leader.leader!.leader_id;
await db.execute(sql`
  INSERT INTO copy_subscriptions (user_id, leader_id, stake_mode, amount, max_amount, daily_loss)
  SELECT id, ${leaderId}, 'fixed', 1000, 100000, 10000000 FROM unnest(${`{${followers.join(',')}}`}::bigint[]) AS id`);
const token = (await createSession(db, leaderUser!, '127.0.0.1')).token;

async function placeLeaderOrder(i: number): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${server.base}/api/user/addorder`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', token },
      body: `symbol=BTC%2FUSDT&seconds=60&amount=10&direction=${i % 2 ? 'up' : 'down'}&key=bench-follow-${i}`,
    });
    const answer = (await response.json()) as { code: number; key: string; data: { id: number } };
    if (answer.code === 200) return answer.data.id;
    // The feed records its first live seconds shortly after start.
    if (answer.key !== 'prices_starting' || attempt > 100) throw new Error(`leader order refused: ${answer.key}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const latencies: number[] = [];
const outcomes = new Map<string, number>();
for (let i = 0; i < ORDERS + 1; i++) {
  const started = performance.now();
  const orderId = await placeLeaderOrder(i);
  for (;;) {
    const r = await db.execute<{ decided: number }>(
      sql`SELECT count(*) FILTER (WHERE status <> 'pending')::int AS decided FROM copy_tasks WHERE leader_order_id = ${orderId}`,
    );
    if (r.rows[0]!.decided >= FOLLOWERS) break;
    if (performance.now() - started > 60_000) throw new Error(`copies of order ${orderId} not done within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const ms = performance.now() - started;
  // The first order also warms the server up (connections, caches): it is shown but not counted.
  if (i > 0) latencies.push(ms);
  const byStatus = await db.execute<{ status: string; n: number }>(
    sql`SELECT status, count(*)::int AS n FROM copy_tasks WHERE leader_order_id = ${orderId} GROUP BY 1`,
  );
  for (const s of byStatus.rows) outcomes.set(s.status, (outcomes.get(s.status) ?? 0) + s.n);
  console.log(
    `  leader order ${orderId}${i === 0 ? ' (warm-up)' : ''}: ${FOLLOWERS} copies decided in ${ms.toFixed(0)} ms`,
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}
latencies.sort((a, b) => a - b);

// Baseline in the same run (the machine is shared, so absolute times move with its load): the same number of
// orders opened by the order-opening code alone, in one transaction from this process, without the copy job.
const found = await findProductTerms(db, 'BTC/USDT', 60);
const tick = (
  await db.execute<{ ts: string; price: string }>(
    sql`SELECT ts, price FROM price_ticks WHERE product_id = ${found!.product.id} ORDER BY ts DESC LIMIT 1`,
  )
).rows[0]!;
const pseudonyms = await pseudonymKeyOf(db);
const baselineStarted = performance.now();
await db.transaction(async (tx) => {
  await lockOrderUsers(tx, followers);
  await insertOpenOrders(
    tx,
    followers.map((userId) => ({
      product: found!.product,
      terms: found!.terms!,
      userId,
      stake: 1_000n,
      direction: 'up' as const,
      mode: 'real' as const,
      tick: { ts: Number(tick.ts), price: BigInt(tick.price) },
    })),
    pseudonyms,
  );
});
const baseline = performance.now() - baselineStarted;
console.log(`baseline: ${FOLLOWERS} orders opened in one transaction without the copy job: ${baseline.toFixed(0)} ms`);
console.log(
  `leader order -> last of ${FOLLOWERS} copies committed: p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms (${latencies.length} orders; outcomes ${JSON.stringify(Object.fromEntries(outcomes))}); p50 / baseline ${(percentile(latencies, 50) / baseline).toFixed(2)}`,
);
const failures = server.lines().filter((l) => l.includes('copy batch failed') || l.includes('copy task'));
if (failures.length) console.log(`copy job retries logged: ${failures.length}; first: ${failures[0]!.slice(0, 600)}`);
await database.close();
await server.stop();
