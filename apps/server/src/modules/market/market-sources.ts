import { and, eq, ne, sql } from 'drizzle-orm';
import type { MarketSource, ProductClass } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { products } from './market.table.ts';
import type { ProductRow } from './market.repository.ts';

/** The classes Binance prices: MARKET_FEED moves only these products to it (the JSON provider's are configured). */
export const BINANCE_CLASSES: ProductClass[] = ['crypto'];

/** A product's symbol at its source: the operator's choice, or derived (BTC/USDT at Binance is BTCUSDT). */
export function sourceSymbolOf(product: Pick<ProductRow, 'symbol' | 'sourceSymbol'>): string {
  return product.sourceSymbol ?? product.symbol.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

/**
 * MARKET_FEED at boot: every product an operator has not given a source (not pinned) moves to the first of the
 * listed sources that prices its class, or back to the simulator. Returns the products that changed, for the log.
 */
export async function applyDefaultSource(db: DbOrTx, feeds: string[], jsonClasses: string[] = []): Promise<string[]> {
  const classesOf: Record<string, string[]> = { simulator: [], binance: BINANCE_CLASSES, json: jsonClasses };
  const changed: string[] = [];
  for (const cls of ['forex', 'metals', 'futures', 'stocks', 'crypto'] as const) {
    const target = (feeds.find((f) => classesOf[f]?.includes(cls)) ?? 'simulator') as MarketSource;
    const rows = await db
      .update(products)
      .set({ source: target })
      .where(and(eq(products.class, cls), eq(products.sourcePinned, false), ne(products.source, target)))
      .returning({ symbol: products.symbol });
    changed.push(...rows.map((r) => `${r.symbol} -> ${target}`));
  }
  return changed;
}

/** Whether any product shows simulated prices (the platform-wide note). */
export async function anySimulated(db: DbOrTx): Promise<boolean> {
  const rows = await db.execute(sql`SELECT 1 FROM products WHERE simulated LIMIT 1`);
  return rows.rows.length > 0;
}

const DECIMAL = /^(\d{1,15})(?:\.(\d{1,18}))?$/;

/**
 * A source's decimal price as an integer at the product's precision, rounded half up; null for anything that is
 * not a plain positive decimal (an exponent, a sign, NaN, an empty string, a number too large): such a message is
 * dropped, never guessed at.
 */
export function parseSourcePrice(text: unknown, precision: number): bigint | null {
  if (typeof text !== 'string') return null;
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const whole = m[1]!;
  const frac = (m[2] ?? '').padEnd(precision + 1, '0');
  let units = BigInt(whole + frac.slice(0, precision));
  if (Number(frac[precision]) >= 5) units += 1n;
  return units > 0n ? units : null;
}
