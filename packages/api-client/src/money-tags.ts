// A subpath of its own (`@app/api-client/money-tags`), bundled by each remote rather than shared: a remote that
// reads the list works under a shell released before it existed (docs/web-delivery.md, version skew).

/**
 * Every tag a money-moving answer invalidates: a recharge, withdrawal, exchange, order, plan purchase or check-in
 * changes total assets, so the one money picture is read again wherever it is on screen (no reload).
 */
export const MONEY_TAGS = [
  'User',
  'Assets',
  'Order',
  'Holding',
  'Plan',
  'Recharge',
  'Withdraw',
  'Exchange',
  'Statement',
  'Checkin',
] as const;
