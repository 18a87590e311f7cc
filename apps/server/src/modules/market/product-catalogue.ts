import type { ProductClass } from '@app/contracts';
import type { SessionName } from './trading-sessions.ts';

/** The seeded products: realistic starting prices, precision and volatility per asset class. */
export type ProductSeed = {
  symbol: string;
  name: string;
  class: ProductClass;
  precision: number;
  session: SessionName;
  volatilityBp: number;
  price: string;
  hot?: boolean;
};

export const PRODUCT_SEEDS: ProductSeed[] = [
  { symbol: 'EUR/USD', name: 'Euro / US Dollar', class: 'forex', precision: 5, session: 'fx', volatilityBp: 800, price: '1.08450', hot: true },
  { symbol: 'GBP/USD', name: 'British Pound / US Dollar', class: 'forex', precision: 5, session: 'fx', volatilityBp: 900, price: '1.27120' },
  { symbol: 'USD/JPY', name: 'US Dollar / Japanese Yen', class: 'forex', precision: 3, session: 'fx', volatilityBp: 1000, price: '151.420' },
  { symbol: 'AUD/USD', name: 'Australian Dollar / US Dollar', class: 'forex', precision: 5, session: 'fx', volatilityBp: 1000, price: '0.66180' },
  { symbol: 'XAU/USD', name: 'Gold', class: 'metals', precision: 2, session: 'globex', volatilityBp: 1500, price: '2650.00', hot: true },
  { symbol: 'XAG/USD', name: 'Silver', class: 'metals', precision: 3, session: 'globex', volatilityBp: 2500, price: '31.250' },
  { symbol: 'CL', name: 'WTI Crude Oil', class: 'futures', precision: 2, session: 'globex', volatilityBp: 3500, price: '71.80', hot: true },
  { symbol: 'NG', name: 'Natural Gas', class: 'futures', precision: 3, session: 'globex', volatilityBp: 6000, price: '3.050' },
  { symbol: 'HG', name: 'Copper', class: 'futures', precision: 4, session: 'globex', volatilityBp: 2500, price: '4.2150' },
  { symbol: 'AAPL', name: 'Apple', class: 'stocks', precision: 2, session: 'us_equities', volatilityBp: 2800, price: '229.80', hot: true },
  { symbol: 'TSLA', name: 'Tesla', class: 'stocks', precision: 2, session: 'us_equities', volatilityBp: 6000, price: '338.50' },
  { symbol: 'NVDA', name: 'NVIDIA', class: 'stocks', precision: 2, session: 'us_equities', volatilityBp: 5000, price: '145.20' },
  { symbol: 'MSFT', name: 'Microsoft', class: 'stocks', precision: 2, session: 'us_equities', volatilityBp: 2500, price: '421.60' },
  { symbol: 'AMZN', name: 'Amazon', class: 'stocks', precision: 2, session: 'us_equities', volatilityBp: 3200, price: '205.40' },
  { symbol: 'BTC/USDT', name: 'Bitcoin', class: 'crypto', precision: 2, session: '24x7', volatilityBp: 6000, price: '95120.00', hot: true },
  { symbol: 'ETH/USDT', name: 'Ethereum', class: 'crypto', precision: 2, session: '24x7', volatilityBp: 7000, price: '3310.00', hot: true },
  { symbol: 'SOL/USDT', name: 'Solana', class: 'crypto', precision: 2, session: '24x7', volatilityBp: 9000, price: '238.40' },
  { symbol: 'BNB/USDT', name: 'BNB', class: 'crypto', precision: 2, session: '24x7', volatilityBp: 6500, price: '648.70' },
  { symbol: 'XRP/USDT', name: 'XRP', class: 'crypto', precision: 4, session: '24x7', volatilityBp: 9000, price: '1.3950' },
  { symbol: 'DOGE/USDT', name: 'Dogecoin', class: 'crypto', precision: 5, session: '24x7', volatilityBp: 10000, price: '0.38120' },
];

/** Default terms for every product; operators change them per product and period through the admin API. */
export const DEFAULT_TERMS = [
  { seconds: 30, payoutBp: 8_000 },
  { seconds: 60, payoutBp: 8_500 },
  { seconds: 120, payoutBp: 8_800 },
  { seconds: 300, payoutBp: 9_000 },
].map((t) => ({
  ...t,
  lossBp: 10_000,
  feeBp: 50,
  minStake: 1_000n,
  maxStake: 1_000_000n,
  maxOpenStake: 5_000_000n,
  presets: ['1000', '5000', '10000', '50000', '100000'],
}));
