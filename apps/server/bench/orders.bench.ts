/**
 * pnpm bench:orders
 * 1. Place-order throughput and latency over HTTP (autocannon, many users) against the real server.
 * 2. The same writes straight into the database (the order service, no HTTP), same concurrency: the ratio
 *    says what the HTTP layer costs. Both after a warm-up, in alternating rounds (BENCH_ROUNDS, default 3);
 *    the median round of each is the figure.
 * 3. Settlement lag: 10,000 orders falling due within one minute; lag = settled_at - due second.
 * Before the rounds, BENCH_OPEN_ORDERS (default 1,000,000) orders are left open on the same product and users as
 * the rounds' orders (due a day later, a cent each), so the figures are those of a table a platform fills, and the
 * last round next to the first shows whether placement slows as open orders pile up.
 *
 * BENCH_LOG=off measures the transparency log's own cost on the same build (the product always logs; there is no
 * switch for it in the server). The bench gives its own fresh database a BEFORE INSERT trigger on log_entries that
 * returns NULL, so no entry row is written and the sequencer finds nothing to sequence. What "off" still does,
 * and so what the on/off difference leaves out: building each order's entry in the server (its HMAC pseudonym,
 * canonical JSON), sending the entries with the order's statement and unpacking them there, one trigger call per
 * entry, and the sequencer's glance each second (and a fresh head a minute). What it takes out: the entry's row
 * and its indexes, the leaves, the tree's nodes and the heads of a growing tree. BENCH_LOG=alternate runs the
 * rounds with the log on and off in turn on one server (below): the comparison a busy machine disturbs least.
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { COUNT_LIMITS, LIMIT_NAMES } from '@app/contracts';
import { connect } from '../src/platform/db/client.ts';
import { placeOrder } from '../src/modules/orders/orders.service.ts';
import { percentile, startBenchServer } from './bench-server.ts';
import { benchUsers } from './bench-users.ts';
import { cpuSecondsOf, postmasterPid, walBytes } from './process-cpu.ts';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DUE_ORDERS = Number(process.env.BENCH_DUE_ORDERS ?? 10_000);
const OPEN_ORDERS = Number(process.env.BENCH_OPEN_ORDERS ?? 1_000_000);
/**
 * BENCH_LIMITS=1: every bench user has every limit of their own set (LIMIT_NAMES), each far above what the rounds
 * reach, so each order is checked against all of them and none refuses: the cost of limits, not their effect.
 */
const LIMITS = ['1', 'true'].includes(process.env.BENCH_LIMITS ?? '');
const LOG = process.env.BENCH_LOG !== 'off';
/**
 * BENCH_LOG=alternate: the same server's rounds with the log on and off in turn (the bench's trigger enabled and
 * disabled between them, the order swapped every round, 2 s for the sequencer to finish the last on round's queue
 * before an off round is measured), so a busy machine's swings fall on both alike; printed per mode and as the
 * ratio of each round's pair.
 */
const ALTERNATE = process.env.BENCH_LOG === 'alternate';
/** BENCH_WAL_TABLES=1: the last direct round's write-ahead log by the relation it wrote (pg_walinspect). */
const WAL_TABLES = ['1', 'true'].includes(process.env.BENCH_WAL_TABLES ?? '');

const server = await startBenchServer();
const database = connect(server.dbUrl, CONNECTIONS + 5);
const { db } = database;
console.log(
  `bench:orders  users=${USERS} connections=${CONNECTIONS} rounds=${ROUNDS} x ${SECONDS}s each way due-orders=${DUE_ORDERS} open-orders=${OPEN_ORDERS} limits=${LIMITS ? 'every user, every limit' : 'none'} log=${ALTERNATE ? 'on and off in turn' : LOG ? 'on' : 'off (entries built, not written)'}`,
);

// Bench-only, on the bench's own database: the log's rows are never written (see the header).
if (!LOG || ALTERNATE)
  await db.execute(sql`
    CREATE FUNCTION bench_log_off() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
    CREATE TRIGGER bench_log_off BEFORE INSERT ON log_entries FOR EACH ROW EXECUTE FUNCTION bench_log_off();`);
const setLog = async (on: boolean) => {
  await db.execute(sql.raw(`ALTER TABLE log_entries ${on ? 'DISABLE' : 'ENABLE'} TRIGGER bench_log_off`));
  await new Promise((r) => setTimeout(r, 2000));
};

const { userIds, tokens } = await benchUsers(db, USERS);

if (LIMITS) {
  const high = Object.fromEntries(
    LIMIT_NAMES.map((name) => [name, COUNT_LIMITS.includes(name) ? '100000000' : '100000000000']),
  );
  await db.execute(sql`
    INSERT INTO user_limits (user_id, limits)
    SELECT unnest(${`{${userIds.join(',')}}`}::bigint[]), ${JSON.stringify(high)}::jsonb
    ON CONFLICT (user_id) DO UPDATE SET limits = excluded.limits`);
}

// Open orders already in the table, written straight in (their stakes are a cent each, and kept in the users'
// open-stake rows as placement keeps them), so the rounds run against a platform's worth of open orders.
if (OPEN_ORDERS > 0) {
  const seeded = Date.now();
  const now = Math.floor(Date.now() / 1000);
  const ids = `{${userIds.join(',')}}`;
  await db.execute(sql`
    INSERT INTO contract_orders (user_id, product_id, direction, stake, fee, seconds, payout_bp, loss_bp, fee_bp,
                                 open_time, open_price, settle_time, mode)
    SELECT u.ids[1 + i % ${USERS}], p.id, CASE WHEN i % 2 = 0 THEN 'up' ELSE 'down' END, 1, 0, 300, 8500, 10000, 0,
           ${now + 86_400}, 100000, ${now + 86_400 + 300}, 'real'
    FROM generate_series(0, ${OPEN_ORDERS - 1}) AS i,
         (SELECT id FROM products WHERE symbol = 'BTC/USDT') AS p,
         (SELECT ${ids}::bigint[] AS ids) AS u`);
  await db.execute(sql`
    INSERT INTO open_stakes (user_id, product_id, mode, stake, orders)
    SELECT user_id, product_id, mode, sum(stake), count(*) FROM contract_orders WHERE status = 'open' GROUP BY 1, 2, 3
    ON CONFLICT (user_id, product_id, mode) DO UPDATE SET stake = excluded.stake, orders = excluded.orders`);
  await db.execute(sql`ANALYZE contract_orders`);
  console.log(`left ${OPEN_ORDERS} orders open in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
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
        // By the users' session tokens, as the HTTP round: the session check is the order service's own now.
        const token = tokens[(w * 7919 + i) % tokens.length]!;
        await placeOrder(db, {
          who: { token },
          body: {
            symbol: 'BTC/USDT',
            seconds: 300,
            amount: '10',
            direction: i % 2 ? 'up' : 'down',
            key: `bench-db-${round}-${w}-${i}`,
          },
          now: Math.floor(Date.now() / 1000),
        });
        placed++;
      }
    }),
  );
  return placed / seconds;
}

/**
 * What a round's orders cost, per order: write-ahead log bytes, the database's CPU, the server's (the HTTP path, and
 * the jobs it runs beside the direct path) and this process's (the direct path's placement code). Unlike orders a
 * second, these hardly move when something else busies the machine, so two builds compare on them.
 */
const postmaster = await postmasterPid(db);
const lsn = async () => (await db.execute<{ lsn: string }>(sql`SELECT pg_current_wal_lsn()::text AS lsn`)).rows[0]!.lsn;
async function costed<T>(round: () => Promise<T>, placed: (r: T) => number) {
  const from = await lsn();
  const [wal, dbCpu, serverCpu, ownCpu] = [
    await walBytes(db),
    cpuSecondsOf(postmaster),
    cpuSecondsOf(server.pid, postmaster),
    process.cpuUsage(),
  ];
  const result = await round();
  const n = Math.max(1, placed(result));
  const own = process.cpuUsage(ownCpu);
  const cost = {
    walBytes: Number((await walBytes(db)) - wal) / n,
    dbMs: ((cpuSecondsOf(postmaster) - dbCpu) * 1000) / n,
    serverMs: ((cpuSecondsOf(server.pid, postmaster) - serverCpu) * 1000) / n,
    ownMs: (own.user + own.system) / 1000 / n,
  };
  return { result, cost, wal: { from, to: await lsn(), orders: n } };
}
type Cost = Awaited<ReturnType<typeof costed>>['cost'];
const costText = (c: Cost, path: 'http' | 'direct') =>
  `per order ${c.walBytes.toFixed(0)} WAL bytes, database CPU ${c.dbMs.toFixed(2)} ms, server CPU ${c.serverMs.toFixed(2)} ms` +
  (path === 'direct' ? `, placing process CPU ${c.ownMs.toFixed(2)} ms` : '');
const middle = <T>(values: T[], by: (v: T) => number) =>
  [...values].sort((x, y) => by(x) - by(y))[Math.floor(values.length / 2)]!;
/** Each figure's median over the rounds, taken apart (one round's WAL and another's CPU may be the middle ones). */
const medianCost = (costs: Cost[]): Cost => ({
  walBytes: middle(costs, (c) => c.walBytes).walBytes,
  dbMs: middle(costs, (c) => c.dbMs).dbMs,
  serverMs: middle(costs, (c) => c.serverMs).serverMs,
  ownMs: middle(costs, (c) => c.ownMs).ownMs,
});

await httpRound(3);
await directRound(3);
if (ALTERNATE) await alternateRounds();
else {
  const httpRounds: Array<Awaited<ReturnType<typeof httpRound>>> = [];
  const directRates: number[] = [];
  const httpCosts: Cost[] = [];
  const directCosts: Cost[] = [];
  let lastDirectWal = { from: '0/0', to: '0/0', orders: 1 };
  for (let r = 0; r < ROUNDS; r++) {
    const { result: h, cost: hc } = await costed(
      () => httpRound(SECONDS),
      (x) => x.rate * SECONDS,
    );
    httpRounds.push(h);
    httpCosts.push(hc);
    const {
      result: d,
      cost: dc,
      wal: dw,
    } = await costed(
      () => directRound(SECONDS),
      (x) => x * SECONDS,
    );
    lastDirectWal = dw;
    directRates.push(d);
    directCosts.push(dc);
    console.log(
      `  round ${r + 1}: HTTP ${h.rate.toFixed(0)} orders/s (p50 ${h.p50} ms, p99 ${h.p99} ms, refused ${h.refused}); direct ${d.toFixed(0)} orders/s`,
    );
    console.log(`    HTTP: ${costText(hc, 'http')}`);
    console.log(`    direct: ${costText(dc, 'direct')}`);
  }
  const http = middle(httpRounds, (h) => h.rate);
  const dbRate = middle(directRates, (d) => d);
  console.log(
    `HTTP place-order (median round): ${http.rate.toFixed(0)} orders/s, latency p50 ${http.p50} ms, p99 ${http.p99} ms; worst p99 of the rounds ${Math.max(...httpRounds.map((h) => h.p99))} ms`,
  );
  console.log(`direct database place-order (median round): ${dbRate.toFixed(0)} orders/s`);
  console.log(`ratio HTTP / database: ${(http.rate / dbRate).toFixed(2)}`);
  console.log(`HTTP cost (median of rounds): ${costText(medianCost(httpCosts), 'http')}`);
  console.log(`direct cost (median of rounds): ${costText(medianCost(directCosts), 'direct')}`);
  const written = await db.execute<{ n: string; leaves: string }>(
    sql`SELECT (SELECT count(*) FROM log_entries WHERE type = 'order_placed') AS n, (SELECT count(*) FROM log_leaves) AS leaves`,
  );
  console.log(`order_placed entries written: ${written.rows[0]!.n}; leaves: ${written.rows[0]!.leaves}`);
  if (WAL_TABLES) await walByRelation(lastDirectWal);
  console.log(
    `last round / first round: HTTP ${(httpRounds.at(-1)!.rate / httpRounds[0]!.rate).toFixed(2)}, direct ${(directRates.at(-1)! / directRates[0]!).toFixed(2)}`,
  );

  /**
   * Each WAL record's length counted to the relation of its first block and its kind (an index's own records, its
   * page splits and full-page images included); records of no relation (commits) are the rest. Per order of the
   * round.
   */
  async function walByRelation(range: { from: string; to: string; orders: number }) {
    await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_walinspect`);
    const rows = await db.execute<{ rel: string; bytes: string }>(sql`
    WITH first_block AS (
      SELECT DISTINCT ON (start_lsn) start_lsn, relfilenode, record_type, record_length
      FROM pg_get_wal_block_info(${range.from}::pg_lsn, ${range.to}::pg_lsn, false)
      ORDER BY start_lsn, block_id)
    SELECT coalesce(c.relname, 'relfilenode ' || f.relfilenode) || ' ' || f.record_type AS rel,
           sum(f.record_length)::bigint AS bytes
    FROM first_block f LEFT JOIN pg_class c ON pg_relation_filenode(c.oid) = f.relfilenode
    GROUP BY 1 ORDER BY 2 DESC`);
    const total = (
      await db.execute<{ bytes: string }>(sql`SELECT (${range.to}::pg_lsn - ${range.from}::pg_lsn)::bigint AS bytes`)
    ).rows[0]!.bytes;
    let counted = 0;
    console.log(
      `WAL of the last direct round by relation, bytes per order (of ${(Number(total) / range.orders).toFixed(0)}):`,
    );
    for (const r of rows.rows) {
      counted += Number(r.bytes);
      if (Number(r.bytes) / range.orders >= 1)
        console.log(`  ${r.rel}: ${(Number(r.bytes) / range.orders).toFixed(0)}`);
    }
    console.log(`  (no relation, alignment): ${((Number(total) - counted) / range.orders).toFixed(0)}`);
  }
}

async function alternateRounds() {
  type Round = { http: Awaited<ReturnType<typeof httpRound>>; hc: Cost; direct: number; dc: Cost };
  const rounds: Record<'on' | 'off', Round[]> = { on: [], off: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const on of r % 2 === 0 ? [true, false] : [false, true]) {
      await setLog(on);
      const { result: http, cost: hc } = await costed(
        () => httpRound(SECONDS),
        (x) => x.rate * SECONDS,
      );
      const { result: direct, cost: dc } = await costed(
        () => directRound(SECONDS),
        (x) => x * SECONDS,
      );
      rounds[on ? 'on' : 'off'].push({ http, hc, direct, dc });
      console.log(
        `  round ${r + 1} log ${on ? 'on ' : 'off'}: HTTP ${http.rate.toFixed(0)} orders/s (p50 ${http.p50} ms, p99 ${http.p99} ms, refused ${http.refused}); direct ${direct.toFixed(0)} orders/s`,
      );
      console.log(`    HTTP: ${costText(hc, 'http')}`);
      console.log(`    direct: ${costText(dc, 'direct')}`);
    }
  }
  const median = (values: number[]) => middle(values, (v) => v);
  for (const mode of ['on', 'off'] as const) {
    const of = rounds[mode];
    const cost = (pick: (r: Round) => Cost, path: 'http' | 'direct') => costText(medianCost(of.map(pick)), path);
    console.log(
      `log ${mode} (median of ${of.length} rounds): HTTP ${median(of.map((r) => r.http.rate)).toFixed(0)} orders/s, p99 ${median(of.map((r) => r.http.p99))} ms; direct ${median(of.map((r) => r.direct)).toFixed(0)} orders/s`,
    );
    console.log(`  HTTP ${cost((r) => r.hc, 'http')}`);
    console.log(`  direct ${cost((r) => r.dc, 'direct')}`);
  }
  const ratios = (pick: (r: Round) => number) =>
    rounds.on.map((on, i) => pick(on) / pick(rounds.off[i]!)).sort((a, b) => a - b);
  const shown = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
  console.log(
    `log on / log off, each round's pair: HTTP ${shown(ratios((r) => r.http.rate))} (median ${median(ratios((r) => r.http.rate)).toFixed(2)}); direct ${shown(ratios((r) => r.direct))} (median ${median(ratios((r) => r.direct)).toFixed(2)})`,
  );
}

// 3. Settlement lag: DUE_ORDERS orders whose settlement seconds spread over one minute, starting 90 s out. BENCH_DUE_ORDERS=0 skips it.
if (DUE_ORDERS > 0) await settlementLag();

async function settlementLag() {
  const start = Math.floor(Date.now() / 1000);
  const firstDue = start + 90;
  const placeStarted = Date.now();
  let placed = 0;
  await Promise.all(
    Array.from({ length: 20 }, async (_, w) => {
      for (let i = w; i < DUE_ORDERS; i += 20) {
        const due = firstDue + Math.floor((i * 60) / DUE_ORDERS);
        await placeOrder(db, {
          who: { userId: userIds[i % userIds.length]! },
          body: {
            symbol: 'ETH/USDT',
            seconds: 300,
            amount: '10',
            direction: i % 2 ? 'up' : 'down',
            key: `bench-due-${i}`,
          },
          now: due - 300,
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
}

await database.close();
await server.stop();
process.exit(0);
