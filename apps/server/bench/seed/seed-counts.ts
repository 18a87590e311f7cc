/**
 * How much a seeded platform holds. BENCH_SCALE multiplies every count (0.01 for a quick run); a count of its own
 * (BENCH_SEED_USERS, BENCH_SEED_LEDGER_ENTRIES, ...) overrides the scaled one.
 */
export type SeedCounts = {
  users: number;
  /** Ledger entries (two per journal). */
  ledgerEntries: number;
  orders: number;
  /** Orders left open (the rest settled). */
  openOrders: number;
  holdings: number;
  messages: number;
  deposits: number;
  withdrawals: number;
  exchanges: number;
  /** Payout methods: a bank card for each user, then wallet addresses (two users in three have one at full size). */
  payoutMethods: number;
  /** Real-name submissions (approved), one per user from the first. */
  realNames: number;
  /** Days of per-second prices for one product, ending now. */
  priceDays: number;
  /** The share of every per-user table that belongs to the one heavy user the list benchmark reads. */
  heavyShare: number;
};

export const FULL_COUNTS: SeedCounts = {
  users: 100_000,
  ledgerEntries: 10_000_000,
  orders: 5_000_000,
  openOrders: 100_000,
  holdings: 1_000_000,
  messages: 2_000_000,
  deposits: 1_000_000,
  withdrawals: 500_000,
  exchanges: 500_000,
  payoutMethods: 150_000,
  realNames: 100_000,
  priceDays: 365,
  heavyShare: 0.01,
};

/** Retention keeps 7 days of seconds: fewer than 14 seeded days would leave it nothing to prune. */
const MIN_PRICE_DAYS = 14;

export function countsFromEnv(env: NodeJS.ProcessEnv = process.env): SeedCounts {
  const scale = Number(env.BENCH_SCALE ?? 1);
  if (!(scale > 0)) throw new Error(`BENCH_SCALE must be a positive number, not ${env.BENCH_SCALE}`);
  const pick = (name: string, full: number, min: number) => {
    const own = env[`BENCH_SEED_${name}`];
    return own !== undefined ? Number(own) : Math.max(min, Math.round(full * scale));
  };
  return {
    users: pick('USERS', FULL_COUNTS.users, 100),
    ledgerEntries: pick('LEDGER_ENTRIES', FULL_COUNTS.ledgerEntries, 1_000),
    orders: pick('ORDERS', FULL_COUNTS.orders, 1_000),
    openOrders: pick('OPEN_ORDERS', FULL_COUNTS.openOrders, 10),
    holdings: pick('HOLDINGS', FULL_COUNTS.holdings, 100),
    messages: pick('MESSAGES', FULL_COUNTS.messages, 1_000),
    deposits: pick('DEPOSITS', FULL_COUNTS.deposits, 100),
    withdrawals: pick('WITHDRAWALS', FULL_COUNTS.withdrawals, 100),
    exchanges: pick('EXCHANGES', FULL_COUNTS.exchanges, 100),
    payoutMethods: pick('PAYOUT_METHODS', FULL_COUNTS.payoutMethods, 150),
    realNames: pick('REAL_NAMES', FULL_COUNTS.realNames, 100),
    priceDays: pick('PRICE_DAYS', FULL_COUNTS.priceDays, MIN_PRICE_DAYS),
    heavyShare: Number(env.BENCH_SEED_HEAVY_SHARE ?? FULL_COUNTS.heavyShare),
  };
}

/** Rows for the heavy user out of `total`, and the rest spread evenly over everyone else. */
export function heavySplit(total: number, counts: SeedCounts): { heavy: number; rest: number } {
  const heavy = Math.floor(total * counts.heavyShare);
  return { heavy, rest: total - heavy };
}
