import type { ProductRow } from './market.repository.ts';
import { keyOf, simulatePrice, simulateVolume } from './simulator.ts';

export type FeedPrice = { price: bigint; volume: number };

/**
 * Where prices come from. The feed job asks for one second at a time, in order, for the products that
 * are in session; a product missing from the answer simply gets no tick for that second. A real
 * market-data source implements the same interface (and reports `simulated: false`).
 */
export interface PriceFeed {
  readonly name: string;
  readonly simulated: boolean;
  pricesAt(ts: number, products: ProductRow[], last: Map<number, bigint>): Promise<Map<number, FeedPrice>>;
}

export class SimulatedFeed implements PriceFeed {
  readonly name = 'simulator';
  readonly simulated = true;
  private readonly seed: number;
  constructor(seed: string) {
    this.seed = keyOf(seed);
  }

  async pricesAt(ts: number, products: ProductRow[], last: Map<number, bigint>): Promise<Map<number, FeedPrice>> {
    const out = new Map<number, FeedPrice>();
    for (const p of products) {
      const previous = last.get(p.id) ?? p.seedPrice;
      const price = simulatePrice(this.seed, p, previous, ts);
      out.set(p.id, { price, volume: simulateVolume(this.seed, p.symbol, ts, previous, price) });
    }
    return out;
  }
}
