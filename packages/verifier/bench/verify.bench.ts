import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { createServer } from 'node:http';
import { canonical } from '../src/entries.ts';
import { monitor } from '../src/monitor.ts';

// The verifier's speed: a synthetic log of BENCH_ENTRIES entries (orders placed and settled with their price
// seconds) served on loopback as the platform serves it, read by the monitor from an empty state, as a new
// monitor would. Prints entries a second. Asserts nothing (docs/benchmarks.md).

const total = Number(process.env.BENCH_ENTRIES ?? 100_000);
const data: string[] = [];
const start = 1_800_000_000;
for (let id = 1; data.length < total; id++) {
  const open = start + id;
  const up = id % 2 === 0;
  const openPrice = (67_000 + (id % 97)).toFixed(2);
  const settlePrice = (67_000 + ((id * 7) % 101)).toFixed(2);
  const result = settlePrice === openPrice ? 'draw' : Number(settlePrice) > Number(openPrice) === up ? 'win' : 'loss';
  const payout = result === 'win' ? '180.00' : result === 'loss' ? '0.00' : '100.00';
  const price = (second: number, p: string) =>
    canonical({ type: 'price_second', v: 1, symbol: 'BTC/USDT', second, price: p, source: 'simulator', step: second });
  data.push(
    price(open, openPrice),
    canonical({
      type: 'order_placed',
      v: 1,
      order_id: id,
      user: 'a'.repeat(64),
      product: 'BTC/USDT',
      direction: up ? 'up' : 'down',
      stake: '100.00',
      fee: '0.50',
      terms: { seconds: 30, payout_pct: '80.00', loss_pct: '100.00', fee_pct: '0.50' },
      open_second: open,
      open_price: openPrice,
    }),
    price(open + 30 + 1_000_000_000, settlePrice),
    canonical({
      type: 'order_settled',
      v: 1,
      order_id: id,
      settle_second: open + 30,
      price_second: open + 30,
      settle_price: settlePrice,
      result,
      payout,
      journal_id: id,
    }),
  );
}
data.length = total;
// The settle price second must be the settle second: fix the placeholder seconds above (kept apart from the open
// seconds of later orders so each price second is logged once).
for (let i = 2; i < data.length; i += 4) {
  const e = JSON.parse(data[i]!);
  e.second -= 1_000_000_000;
  e.step = e.second;
  data[i] = canonical(e);
}

// The server side, with node:crypto: the root the log signs.
const h = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
let level = data.map((d) => h(Buffer.from([0]), Buffer.from(d)));
const mth = (leaves: Buffer[]): Buffer => {
  if (leaves.length === 1) return leaves[0]!;
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return h(Buffer.from([1]), mth(leaves.slice(0, k)), mth(leaves.slice(k)));
};
const root = mth(level).toString('hex');
level = [];
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
const keyId = createHash('sha256').update(raw).digest('hex');
const timestamp = Date.now();
const head = {
  tree_size: data.length,
  root_hash: root,
  timestamp,
  key_id: keyId,
  signature: sign(null, Buffer.from(`${data.length}\n${root}\n${timestamp}`), privateKey).toString('base64'),
};

const server = createServer((req, res) => {
  const url = new URL(req.url!, 'http://x');
  let body: unknown;
  if (url.pathname === '/api/log/sth') body = head;
  else if (url.pathname === '/api/log/key')
    body = { key_id: keyId, algorithm: 'ed25519', public_key: raw.toString('base64') };
  else if (url.pathname === '/api/log/entries') {
    const from = Number(url.searchParams.get('start'));
    const to = Math.min(Number(url.searchParams.get('end')), from + 255, data.length - 1);
    body = { items: data.slice(from, to + 1).map((d, i) => ({ index: from + i, data: d })) };
  }
  res.setHeader('content-type', 'application/json');
  res.end(
    JSON.stringify(body ? { code: 200, msg: '', key: 'ok', data: body } : { code: 404, msg: '', key: 'no_data' }),
  );
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };

const started = performance.now();
const result = await monitor({ url: `http://127.0.0.1:${port}`, state: null, say: () => {} });
const seconds = (performance.now() - started) / 1000;
server.close();
if (!result.ok) throw new Error('the synthetic log did not verify');
console.log(
  `verify-log: ${result.entries.toLocaleString('en-US')} entries (${result.settlements.toLocaleString('en-US')} settlements re-derived) in ${seconds.toFixed(2)} s: ${Math.round(result.entries / seconds).toLocaleString('en-US')} entries a second`,
);
