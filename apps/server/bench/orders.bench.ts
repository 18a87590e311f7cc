/**
 * pnpm bench:orders
 * 1. Place-order throughput and latency over HTTP (autocannon, many users) against the real server.
 * 2. The same writes straight into the database (the order service, no HTTP), same concurrency: the ratio
 *    says what the HTTP layer costs.
 * 3. Settlement lag: 10,000 orders falling due within one minute; lag = settled_at - due second.
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { connect } from '../src/db/client.ts';
import { users } from '../src/modules/users/users.table.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { ensureAccounts, postJournal } from '../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../src/modules/ledger/account-codes.ts';
import { placeOrder } from '../src/modules/orders/orders.service.ts';
import { percentile, startBenchServer } from './bench-server.ts';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DUE_ORDERS = Number(process.env.BENCH_DUE_ORDERS ?? 10_000);

const server = await startBenchServer();
const database = connect(server.dbUrl, CONNECTIONS + 5);
const { db } = database;
console.log(`bench:orders  users=${USERS} connections=${CONNECTIONS} duration=${SECONDS}s due-orders=${DUE_ORDERS}`);

// Users with sessions and a large balance, made directly in the database (registration is rate-limited).
const tokens: string[] = [];
const userIds: number[] = [];
for (let i = 0; i < USERS; i++) {
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

// 1. HTTP
let n = 0;
const http = await autocannon({
  url: server.base,
  connections: CONNECTIONS,
  duration: SECONDS,
  requests: [
    {
      method: 'POST',
      path: '/api/user/addorder',
      setupRequest: (req) => {
        const i = n++;
        return {
          ...req,
          headers: { 'content-type': 'application/x-www-form-urlencoded', token: tokens[i % tokens.length]! },
          body: `symbol=BTC%2FUSDT&seconds=300&amount=10&direction=${i % 2 ? 'up' : 'down'}&key=bench-http-${i}`,
        };
      },
    },
  ],
});
const ok = http['2xx'];
const httpRate = ok / SECONDS;
console.log(
  `HTTP place-order: ${httpRate.toFixed(0)} orders/s, latency p50 ${http.latency.p50} ms, p99 ${http.latency.p99} ms, non-2xx ${http.non2xx}, errors ${http.errors}`,
);

// 2. The same writes without HTTP.
let direct = 0;
const end = Date.now() + SECONDS * 1000;
await Promise.all(
  Array.from({ length: CONNECTIONS }, async (_, w) => {
    for (let i = 0; Date.now() < end; i++) {
      const userId = userIds[(w * 7919 + i) % userIds.length]!;
      await placeOrder(db, {
        userId,
        body: {
          symbol: 'BTC/USDT',
          seconds: 300,
          amount: '10',
          direction: i % 2 ? 'up' : 'down',
          key: `bench-db-${w}-${i}`,
        },
        now: Math.floor(Date.now() / 1000),
        simulated: true,
      });
      direct++;
    }
  }),
);
const dbRate = direct / SECONDS;
console.log(`direct database place-order: ${dbRate.toFixed(0)} orders/s`);
console.log(`ratio HTTP / database: ${(httpRate / dbRate).toFixed(2)}`);

// 3. Settlement lag: DUE_ORDERS orders whose settlement seconds spread over one minute, starting 90 s out.
const start = Math.floor(Date.now() / 1000);
const firstDue = start + 90;
const placeStarted = Date.now();
let placed = 0;
await Promise.all(
  Array.from({ length: 20 }, async (_, w) => {
    for (let i = w; i < DUE_ORDERS; i += 20) {
      const due = firstDue + Math.floor((i * 60) / DUE_ORDERS);
      await placeOrder(db, {
        userId: userIds[i % userIds.length]!,
        body: {
          symbol: 'ETH/USDT',
          seconds: 300,
          amount: '10',
          direction: i % 2 ? 'up' : 'down',
          key: `bench-due-${i}`,
        },
        now: due - 300,
        simulated: true,
      });
      placed++;
    }
  }),
);
console.log(
  `placed ${placed} orders due between +90 s and +150 s in ${((Date.now() - placeStarted) / 1000).toFixed(1)} s`,
);
const waitUntil = (firstDue + 60 + 10) * 1000;
while (Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 1000));
const lags = await db.execute<{ lag: number; open: number }>(sql`
  SELECT extract(epoch from settled_at) - settle_time AS lag FROM contract_orders
  WHERE settle_time >= ${firstDue} AND settle_time < ${firstDue + 60} AND status = 'settled'`);
const open = await db.execute<{ n: number }>(
  sql`SELECT count(*)::int AS n FROM contract_orders WHERE settle_time < ${firstDue + 60} AND status = 'open'`,
);
const sorted = lags.rows.map((r) => Number(r.lag) * 1000).sort((a, b) => a - b);
console.log(
  `settlement lag (settled_at - due second) over ${sorted.length} orders: p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms; still open: ${open.rows[0]!.n}`,
);

await database.close();
await server.stop();
process.exit(0);
