/**
 * pnpm bench:orders
 * 1. Place-order throughput and latency over HTTP (autocannon, many users) against the real server.
 * 2. The same writes straight into the database (the order service, no HTTP), same concurrency: the ratio
 *    says what the HTTP layer costs. Both after a warm-up, in alternating rounds (BENCH_ROUNDS, default 3);
 *    the median round of each is the figure.
 * 3. Settlement lag: 10,000 orders falling due within one minute; lag = settled_at - due second.
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { connect } from '../src/platform/db/client.ts';
import { users } from '../src/modules/users/users.table.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { ensureAccounts, postJournal } from '../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../src/modules/ledger/account-codes.ts';
import { placeOrder } from '../src/modules/orders/orders.service.ts';
import { percentile, startBenchServer } from './bench-server.ts';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DUE_ORDERS = Number(process.env.BENCH_DUE_ORDERS ?? 10_000);

const server = await startBenchServer();
const database = connect(server.dbUrl, CONNECTIONS + 5);
const { db } = database;
console.log(
  `bench:orders  users=${USERS} connections=${CONNECTIONS} rounds=${ROUNDS} x ${SECONDS}s each way due-orders=${DUE_ORDERS}`,
);

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

// 1 and 2, in alternating rounds after a warm-up of each (the first seconds of a fresh server run cold code and
// fill connection pools; one short run is at the mercy of a busy moment of the machine): the median of each.
let n = 0;
async function httpRound(seconds: number) {
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    duration: seconds,
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
  return {
    rate: result['2xx'] / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    refused: result.non2xx + result.errors,
  };
}

let round = 0;
async function directRound(seconds: number) {
  round++;
  let placed = 0;
  const end = Date.now() + seconds * 1000;
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
            key: `bench-db-${round}-${w}-${i}`,
          },
          now: Math.floor(Date.now() / 1000),
          simulated: true,
        });
        placed++;
      }
    }),
  );
  return placed / seconds;
}

await httpRound(3);
await directRound(3);
const httpRounds: Array<Awaited<ReturnType<typeof httpRound>>> = [];
const directRates: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const h = await httpRound(SECONDS);
  httpRounds.push(h);
  const d = await directRound(SECONDS);
  directRates.push(d);
  console.log(
    `  round ${r + 1}: HTTP ${h.rate.toFixed(0)} orders/s (p50 ${h.p50} ms, p99 ${h.p99} ms, refused ${h.refused}); direct ${d.toFixed(0)} orders/s`,
  );
}
const middle = <T>(values: T[], by: (v: T) => number) =>
  [...values].sort((x, y) => by(x) - by(y))[Math.floor(values.length / 2)]!;
const http = middle(httpRounds, (h) => h.rate);
const dbRate = middle(directRates, (d) => d);
console.log(
  `HTTP place-order (median round): ${http.rate.toFixed(0)} orders/s, latency p50 ${http.p50} ms, p99 ${http.p99} ms; worst p99 of the rounds ${Math.max(...httpRounds.map((h) => h.p99))} ms`,
);
console.log(`direct database place-order (median round): ${dbRate.toFixed(0)} orders/s`);
console.log(`ratio HTTP / database: ${(http.rate / dbRate).toFixed(2)}`);

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
