/**
 * pnpm bench:lists
 * Every user-facing list through the real server on a seeded database (DATA_DIR from pnpm bench:seed; without it a
 * fresh one is seeded at BENCH_SCALE, default 0.01, and removed after), read as the heavy user (bench1): the first
 * page, the last page by `page`, and the same deep page by the `next` cursor where the list has one. p50 / p99 over
 * BENCH_SECONDS of BENCH_CONNECTIONS connections each, beside /api/health of the same run. Then K-line and quote
 * reads of the product with the seeded year of seconds beside one with a fresh platform's three days (each request
 * asks for another `before`, so no answer comes from the micro-cache). Goal: p99 at most 50 ms on any page.
 * BENCH_PRUNE=1 then runs one price-retention pass over the seeded year while K-lines are read, and prints it.
 * Then the console's search everything (GET /admin/search on the operator port, as a finance operator), one kind
 * of query at a time, each request another seeded key (search-kinds.ts). Goal: p99 under 100 ms for every kind.
 * BENCH_ONLY=search measures the search alone.
 * The server runs with JOBS=0 (no feed, settlement or accrual): the lists, not the jobs, are measured.
 */
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import { connect } from '../src/platform/db/client.ts';
import { pruneSeries } from '../src/modules/market/market.repository.ts';
import { TICK_RETENTION_SECONDS } from '../src/jobs/price-feed.job.ts';
import { startBenchServer } from './bench-server.ts';
import { benchOperatorToken, searchKinds, searchSamples } from './search-kinds.ts';
import { FRESH_DAYS, pricedProducts } from './seed/seed-prices.ts';
import { seededDataDir } from './seed/seeded-data-dir.ts';
import { BENCH_PASSWORD, HEAVY_ACCOUNT } from './seed/seed-users.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ONLY = process.env.BENCH_ONLY;
if (ONLY !== undefined && ONLY !== 'search') throw new Error(`BENCH_ONLY is search or unset, not ${ONLY}`);

const { dataDir, done } = await seededDataDir('lists');

type Figures = { p50: number; p99: number; rps: number; failed: number };

async function measure(url: string, headers: Record<string, string>, paths?: () => string): Promise<Figures> {
  const options = {
    url,
    connections: CONNECTIONS,
    headers: { 'accept-encoding': 'gzip, deflate, br', ...headers },
    ...(paths ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: paths() }) }] } : {}),
  };
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: SECONDS });
  // A page that fails (the server cancels a statement after 3 s and answers "system busy") is counted, not hidden.
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    failed: result.non2xx + result.errors,
  };
}

const server = await startBenchServer({ JOBS: '0', LOG_LEVEL: 'warn' }, { dataDir });
const database = connect(server.dbUrl, 2);
try {
  console.log(
    `bench:lists  DATA_DIR=${dataDir}  connections=${CONNECTIONS} duration=${SECONDS}s  (heavy user ${HEAVY_ACCOUNT})`,
  );
  if (ONLY !== 'search') await userLists();
  await operatorSearch();
} finally {
  await database.close();
  await server.stop();
  await done();
}

/** Every user-facing list as the heavy user, then K-line and quote reads (and, with BENCH_PRUNE=1, a retention pass). */
async function userLists() {
  const login = await fetch(`${server.base}/api/login/index`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: HEAVY_ACCOUNT, password: BENCH_PASSWORD }),
  }).then((r) => r.json() as Promise<{ data: { token: string; user: { id: number } } }>);
  const auth = { token: login.data.token };
  const get = async (p: string) => {
    const r = await fetch(`${server.base}${p}`, { headers: auth });
    const body = (await r.json()) as {
      code: number;
      data: { total?: number; total_capped?: boolean; next?: string | null; items: unknown[] };
    };
    if (!r.ok) throw new Error(`${p}: ${r.status} ${JSON.stringify(body)}`);
    return body.data;
  };

  console.log('| list | page | rows in list | p50 ms | p99 ms | req/s | failed |');
  console.log('|---|---|---|---|---|---|---|');
  const row = (name: string, page: string, total: number | string, f: Figures) =>
    console.log(`| ${name} | ${page} | ${total} | ${f.p50} | ${f.p99} | ${Math.round(f.rps)} | ${f.failed} |`);
  row('GET /api/health (baseline)', '-', '-', await measure(`${server.base}/api/health`, {}));

  const me = login.data.user;
  // A list's total is counted by the server only up to COUNT_CAP; the deep page is found from the rows themselves.
  const rowsOf = async (query: SQL | undefined, total: number, capped: boolean) =>
    capped && query ? Number((await database.db.execute<{ n: string }>(query)).rows[0]!.n) : total;
  const owned = (table: string, extra = sql``) =>
    sql`SELECT count(*)::text AS n FROM ${sql.identifier(table)} WHERE user_id = ${me.id} ${extra}`;
  const lists: Array<[string, string, number, SQL?]> = [
    [
      'statement (funds flow)',
      '/api/user/finance',
      20,
      sql`SELECT count(*)::text AS n FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
            WHERE a.user_id = ${me.id} AND a.asset <> 'PUSD'`,
    ],
    ['orders (all)', '/api/user/orderlist', 20, owned('contract_orders', sql`AND mode = 'real'`)],
    [
      'orders (settled)',
      '/api/user/orderlist?status=settled',
      20,
      owned('contract_orders', sql`AND mode = 'real' AND status = 'settled'`),
    ],
    ['orders (holding)', '/api/user/ajaxorder_list', 20],
    ['plan holdings', '/api/user/myproject', 10, owned('invest_holdings')],
    ['plan orders', '/api/user/project_orderlist', 10, owned('invest_orders')],
    ['inbox', '/api/user/msg', 20, owned('inbox_messages')],
    ['deposit records', '/api/user/recharge_record', 20, owned('deposits')],
    ['withdrawal records', '/api/user/cash_record', 20, owned('withdrawals')],
    ['exchange records', '/api/user/exchange_record', 20, owned('exchanges')],
    ['invite records', '/api/user/invite_records', 20],
    ['copy orders', '/api/user/copy_orders', 20],
  ];
  for (const [name, base, size, count] of lists) {
    const join = base.includes('?') ? '&' : '?';
    const at = (q: string) => `${base}${join}size=${size}${q}`;
    const first = await get(at(''));
    const total = await rowsOf(count, first.total ?? first.items.length, first.total_capped === true);
    const shown = first.total_capped ? `${total} (total says ${first.total}+)` : total;
    row(name, '1', shown, await measure(`${server.base}${at('')}`, auth));
    const last = Math.min(10_000, Math.max(1, Math.ceil(total / size)));
    if (last > 1) {
      row(name, `${last} by page`, shown, await measure(`${server.base}${at(`&page=${last}`)}`, auth));
      // The same deep page by cursor: the cursor the page before it hands out.
      const before = await get(at(`&page=${last - 1}`));
      if (before.next)
        row(name, `${last} by cursor`, shown, await measure(`${server.base}${at(`&cursor=${before.next}`)}`, auth));
    }
  }

  const { long: seeded, fresh: freshProduct } = await pricedProducts(database.db);
  const fresh = freshProduct.symbol;
  const now = Math.floor(Date.now() / 1000);
  const history = await database.db.execute<{ n: string }>(
    sql`SELECT count(*)::text AS n FROM price_ticks WHERE product_id = ${seeded.id}`,
  );
  console.log();
  console.log(
    `K-lines and quotes: ${seeded.symbol} with ${Number(history.rows[0]!.n).toLocaleString('en')} seconds recorded, beside ${fresh} with ${FRESH_DAYS} days (a fresh platform's)`,
  );
  console.log('| read | product | p50 ms | p99 ms | req/s |');
  console.log('|---|---|---|---|---|');
  // Another `before` each time, within the last day (both products have minute K-lines there), so each is a read.
  const kline = (symbol: string, interval: string) => () =>
    `/api/index/getkdata?symbol=${encodeURIComponent(symbol)}&interval=${interval}&count=200&before=${now - Math.floor(Math.random() * 86_400)}`;
  for (const symbol of [seeded.symbol, fresh]) {
    for (const interval of ['1m', '5m']) {
      const f = await measure(server.base, {}, kline(symbol, interval));
      console.log(`| getkdata 200 x ${interval} | ${symbol} | ${f.p50} | ${f.p99} | ${Math.round(f.rps)} |`);
    }
    const q = await measure(`${server.base}/api/index/ajaxpro?symbols=${encodeURIComponent(symbol)}`, {});
    console.log(`| ajaxpro | ${symbol} | ${q.p50} | ${q.p99} | ${Math.round(q.rps)} |`);
  }

  if (process.env.BENCH_PRUNE === '1') {
    const t0 = performance.now();
    const [removed, during] = await Promise.all([
      pruneSeries(database.db, now - TICK_RETENTION_SECONDS),
      measure(server.base, {}, kline(seeded.symbol, '1m')),
    ]);
    console.log();
    console.log(
      `retention pass: ${removed.toLocaleString('en')} ticks pruned in ${((performance.now() - t0) / 1000).toFixed(1)} s; getkdata 200 x 1m on ${seeded.symbol} meanwhile p50 ${during.p50} ms, p99 ${during.p99} ms`,
    );
  }
}

/** The console's search everything, one kind of query at a time (search-kinds.ts), on the operator port. */
async function operatorSearch() {
  const token = await benchOperatorToken(database.db);
  const auth = { authorization: `Bearer ${token}` };
  const samples = await searchSamples(database.db);
  const counts = await database.db.execute<{ users: string; methods: string; names: string; deposits: string }>(sql`
    SELECT (SELECT count(*) FROM users)::text AS users, (SELECT count(*) FROM payment_methods)::text AS methods,
           (SELECT count(*) FROM kyc_submissions)::text AS names, (SELECT count(*) FROM deposits)::text AS deposits`);
  const c = counts.rows[0]!;
  const n = (v: string) => Number(v).toLocaleString('en');
  console.log();
  console.log(
    `search everything (GET /admin/search, a finance operator): ${n(c.users)} users, ${n(c.names)} real names, ${n(c.methods)} payout methods, ${n(c.deposits)} deposits`,
  );
  console.log('| kind of query | e.g. | p50 ms | p99 ms | req/s | failed |');
  console.log('|---|---|---|---|---|---|');
  // Beside them, in the same run: an operator read as small as they come (the token checked, a few counts), and the
  // users list's own search (account or phone containing the text: every user read).
  const base = (name: string, path: string, f: Figures) =>
    console.log(`| ${name} | \`${path}\` | ${f.p50} | ${f.p99} | ${Math.round(f.rps)} | ${f.failed} |`);
  base('baseline: queue counts', '/admin/live/counts', await measure(`${server.adminBase}/admin/live/counts`, auth));
  const anyAccount = () => samples.users[Math.floor(Math.random() * samples.users.length)]!.account;
  base(
    'baseline: the users list searched',
    '/admin/users?q=bench123',
    await measure(server.adminBase, auth, () => `/admin/users?size=50&q=${anyAccount().slice(0, 8)}`),
  );
  for (const { kind, example, next } of searchKinds(samples)) {
    const f = await measure(server.adminBase, auth, () => `/admin/search?q=${encodeURIComponent(next())}`);
    console.log(
      `| ${kind} | \`${example.replace(/\|/g, '\\|')}\` | ${f.p50} | ${f.p99} | ${Math.round(f.rps)} | ${f.failed} |`,
    );
  }
}
