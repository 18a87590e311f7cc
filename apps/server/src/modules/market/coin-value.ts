import { COIN_SCALE } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { priceAt, usdtCoinProducts, type ProductRow } from './market.repository.ts';

// One arithmetic for coins against cash, wherever coins meet U: the exchange's quotes and sales, the total of a
// user's assets and their liability. A recorded price is an integer of 10^-precision U per coin.

const COIN_UNIT = 10n ** BigInt(COIN_SCALE);

/** Coins (10^-8) bought with `netCents` at `price`, rounded down. */
export const coinsFor = (netCents: bigint, price: bigint, precision: number) =>
  (netCents * COIN_UNIT * 10n ** BigInt(precision)) / (price * 100n);

/** Cents for `coins` (10^-8) at `price`, rounded down: what a sale of them pays. */
export const centsFor = (coins: bigint, price: bigint, precision: number) =>
  (coins * price * 100n) / (COIN_UNIT * 10n ** BigInt(precision));

/** A coin's product (<coin>/USDT) and its last recorded price at or before a moment. */
export type CoinPrice = { product: ProductRow; price: bigint; ts: number };

/**
 * Each coin's last recorded <coin>/USDT price at or before `at`: the price a holding of it is valued at (null when
 * the coin has no such product or no price recorded yet).
 */
export async function coinPricesAt(db: DbOrTx, coins: Iterable<string>, at: number) {
  const prices = new Map<string, CoinPrice | null>();
  const wanted = new Set(coins);
  if (wanted.size === 0) return prices;
  const products = await usdtCoinProducts(db);
  for (const coin of wanted) {
    const product = products.find((p) => p.symbol === `${coin}/USDT`);
    const tick = product ? await priceAt(db, product.id, at) : null;
    prices.set(coin, product && tick ? { product, price: tick.price, ts: tick.ts } : null);
  }
  return prices;
}
