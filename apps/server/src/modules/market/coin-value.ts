import { COIN_SCALE } from '@app/contracts';

// One arithmetic for coins against cash, wherever coins meet U: the exchange's quotes and sales, the total of a
// user's assets and their liability. A recorded price is an integer of 10^-precision U per coin.

const COIN_UNIT = 10n ** BigInt(COIN_SCALE);

/** Coins (10^-8) bought with `netCents` at `price`, rounded down. */
export const coinsFor = (netCents: bigint, price: bigint, precision: number) =>
  (netCents * COIN_UNIT * 10n ** BigInt(precision)) / (price * 100n);

/** Cents for `coins` (10^-8) at `price`, rounded down: what a sale of them pays. */
export const centsFor = (coins: bigint, price: bigint, precision: number) =>
  (coins * price * 100n) / (COIN_UNIT * 10n ** BigInt(precision));
