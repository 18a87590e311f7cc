/*
 * The market's plain constants, apart from the zod schemas in market.ts: a screen that only needs a list of
 * periods then ships no validation library (contracts is side-effect free, so unused modules are dropped).
 */
export const PRODUCT_CLASSES = ['forex', 'metals', 'futures', 'stocks', 'crypto'] as const;
export type ProductClass = (typeof PRODUCT_CLASSES)[number];

export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '1d'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];
export const INTERVAL_SECONDS: Record<KlineInterval, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '1h': 3600,
  '1d': 86400,
};
