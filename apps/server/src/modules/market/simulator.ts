/**
 * The built-in price source: geometric Brownian motion, one step per second, with a normal draw that
 * is a pure function of (seed, symbol, second). Given the last recorded price, the next one is fully
 * determined, so a restart continues the same series and catching up after downtime is reproducible.
 */
const SECONDS_PER_YEAR = 365 * 24 * 3600;

/** FNV-1a of a text, for turning a seed or a symbol into a number once. */
export function keyOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function round(h: number, part: number): number {
  h = Math.imul(h ^ part, 0xcc9e2d51);
  h = (h << 15) | (h >>> 17);
  return Math.imul(h, 0x1b873593);
}

/** murmur3's finaliser over a running combination of integers: a fast, well-spread 32-bit hash. */
function mix(seed: number, symbol: number, step: number, salt: number): number {
  let h = round(seed ^ Math.imul(symbol, 0x9e3779b1), step >>> 0);
  h = round(h, Math.floor(step / 4294967296));
  h = round(h, salt);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A standard normal draw from two uniform draws (Box-Muller), deterministic in its key. */
export function normalDraw(seed: number, symbol: number, step: number, salt = 0): number {
  const u1 = (mix(seed, symbol, step, salt * 2) + 1) / 4294967297;
  const u2 = mix(seed, symbol, step, salt * 2 + 1) / 4294967296;
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

export function uniformDraw(seed: number, symbol: number, step: number, salt: number): number {
  return mix(seed, symbol, step, 1_000 + salt) / 4294967296;
}

/** One GBM step of `dtSeconds` with annual volatility `volatility` (0.6 = 60 %) and no drift. */
export function gbmStep(price: number, volatility: number, dtSeconds: number, z: number): number {
  const dt = dtSeconds / SECONDS_PER_YEAR;
  return price * Math.exp(-0.5 * volatility * volatility * dt + volatility * Math.sqrt(dt) * z);
}

export type SimulatedProduct = { symbol: string; precision: number; volatilityBp: number };

/** The simulated price for second `ts`, continuing from the price recorded for the second before. */
export function simulatePrice(seed: number, product: SimulatedProduct, previous: bigint, ts: number): bigint {
  const scale = 10 ** product.precision;
  const next = gbmStep(
    Number(previous) / scale,
    product.volatilityBp / 10_000,
    1,
    normalDraw(seed, keyOf(product.symbol), ts),
  );
  return BigInt(Math.max(1, Math.round(next * scale)));
}

/** A simulated traded volume for second `ts`: a few units, more on bigger moves. */
export function simulateVolume(seed: number, symbol: string, ts: number, previous: bigint, price: bigint): number {
  const move = previous > 0n ? Math.abs(Number(price - previous)) / Number(previous) : 0;
  return 1 + Math.floor(uniformDraw(seed, keyOf(symbol), ts, 0) * 20 + move * 200_000);
}
