/**
 * The transaction-scoped advisory locks the modules take, in one place so no two share a key by accident and a
 * module that must wait for another's lock (a limit change for the orders in flight) names the same one.
 * Two-key locks (`pg_advisory_xact_lock(space, id)`) take one of these as their space and the row's id as the
 * second key. Job leaders' session locks are in platform/jobs/leader-lock.ts.
 */
export const XACT_LOCKS = {
  /** The seed, so two nodes starting together seed once. */
  seed: 727_002,
  /** One user's orders (two-key): order placement, and limit changes that must not pass an order in flight. */
  userOrders: 727_200,
  /** One user's Alipay/WeChat binding (two-key): one live account of each kind. */
  userPayAccounts: 727_300,
  /** One user's payout methods and withdrawals (two-key): a method is not removed under a withdrawal. */
  userPayouts: 727_400,
  /** The transparency log's sequencer: one batch of leaves at a time. */
  logSequencer: 727_602,
  /** The content seed's translations. */
  contentSeed: 728_100,
  /** One user's price alerts (two-key): the cap on active alerts. */
  alertCreate: 728_201,
  /** One user's tags (two-key): the cap on tags. */
  userTags: 728_301,
} as const;
