import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { canonical } from '../src/entries.ts';

// A log built for the tests with node:crypto and RFC 6962 2.1's recursive definitions (MTH, PATH, PROOF), so the
// verifier's iterative WebCrypto code is checked against the RFC's text, not against itself.

const h = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
export const leafOf = (data: string) => h(Buffer.from([0]), Buffer.from(data, 'utf8'));
const nodeOf = (l: Buffer, r: Buffer) => h(Buffer.from([1]), l, r);
const split = (n: number) => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};

export function mth(d: Buffer[]): Buffer {
  if (d.length === 0) return h();
  if (d.length === 1) return d[0]!;
  const k = split(d.length);
  return nodeOf(mth(d.slice(0, k)), mth(d.slice(k)));
}

export function path(m: number, d: Buffer[]): Buffer[] {
  if (d.length <= 1) return [];
  const k = split(d.length);
  return m < k ? [...path(m, d.slice(0, k)), mth(d.slice(k))] : [...path(m - k, d.slice(k)), mth(d.slice(0, k))];
}

function subproof(m: number, d: Buffer[], b: boolean): Buffer[] {
  const n = d.length;
  if (m === n) return b ? [] : [mth(d)];
  const k = split(n);
  return m <= k
    ? [...subproof(m, d.slice(0, k), b), mth(d.slice(k))]
    : [...subproof(m - k, d.slice(k), false), mth(d.slice(0, k))];
}
export const consistency = (m: number, d: Buffer[]) => subproof(m, d, true);

export function newKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  return {
    key: {
      key_id: createHash('sha256').update(raw).digest('hex'),
      algorithm: 'ed25519',
      public_key: raw.toString('base64'),
    },
    signHead: (tree_size: number, root_hash: string, timestamp: number) =>
      sign(null, Buffer.from(`${tree_size}\n${root_hash}\n${timestamp}`), privateKey).toString('base64'),
  };
}

/** A log of entries (objects, encoded canonically) with a head signed by `signer`. */
export function logOf(values: object[], signer = newKey(), timestamp = 1_800_000_000_000) {
  const data = values.map(canonical);
  const leaves = data.map(leafOf);
  const root = mth(leaves).toString('hex');
  const head = {
    tree_size: data.length,
    root_hash: root,
    timestamp,
    key_id: signer.key.key_id,
    signature: signer.signHead(data.length, root, timestamp),
  };
  return {
    data,
    leaves,
    head,
    key: signer.key,
    signer,
    inclusion: async (index: number, size: number) => ({
      audit_path: path(index, leaves.slice(0, size)).map((b) => b.toString('hex')),
    }),
  };
}

/** An order of 100.00 up on BTC/USDT at 80 % / 100 % / 0.5 %, opened at 67000.00 and won at 67012.35. */
export function wonOrder(id = 7) {
  const placed = {
    type: 'order_placed',
    v: 1,
    order_id: id,
    user: 'a'.repeat(64),
    product: 'BTC/USDT',
    direction: 'up',
    stake: '100.00',
    fee: '0.50',
    terms: { seconds: 30, payout_pct: '80.00', loss_pct: '100.00', fee_pct: '0.50' },
    open_second: 1_800_000_000,
    open_price: '67000.00',
  };
  const openPrice = {
    type: 'price_second',
    v: 1,
    symbol: 'BTC/USDT',
    second: 1_800_000_000,
    price: '67000.00',
    source: 'binance',
    trade_id: '4012345678',
  };
  const settlePrice = { ...openPrice, second: 1_800_000_030, price: '67012.35', trade_id: '4012346000' };
  const settled = {
    type: 'order_settled',
    v: 1,
    order_id: id,
    settle_second: 1_800_000_030,
    price_second: 1_800_000_030,
    settle_price: '67012.35',
    result: 'win' as string,
    payout: '180.00',
    journal_id: 42,
  };
  const shown = {
    id,
    symbol: 'BTC/USDT',
    direction: 'up' as const,
    amount: '100.00',
    fee: '0.50',
    seconds: 30,
    payout_pct: '80.00',
    loss_pct: '100.00',
    open_price: '67000.00',
    open_time: 1_800_000_000,
    settle_price: '67012.35',
    status: 'settled' as const,
    result: 'win' as 'win' | 'loss' | 'draw',
    payout: '180.00',
  };
  const journals = [
    { id: 41, reference: `order:${id}:open`, lines: [{ amount: '-100.50' }, { amount: '100.00' }, { amount: '0.50' }] },
    {
      id: 42,
      reference: `order:${id}:settle`,
      lines: [{ amount: '-100.00' }, { amount: '180.00' }, { amount: '-80.00' }],
    },
  ];
  return { placed, openPrice, settlePrice, settled, shown, journals };
}
