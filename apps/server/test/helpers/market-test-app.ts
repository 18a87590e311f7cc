import { marketHarness } from './market-harness.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export type MarketHarness = ReturnType<typeof marketHarness>;

/**
 * A test app whose clock is a market harness's: the API and the price feed see the same second, which the test
 * moves by hand. The feed has recorded its first seconds when this returns.
 */
export async function marketTestApp(
  options: Omit<Parameters<typeof createTestApp>[0] & object, 'clock'> & { start?: number } = {},
): Promise<{ t: TestApp; market: MarketHarness }> {
  const { start, ...appOptions } = options;
  let now = () => 0;
  const t = await createTestApp({ ...appOptions, clock: () => now() });
  const market = marketHarness(t.database.db, t.database.url, start);
  now = market.now;
  await market.feed.runOnce();
  return { t, market };
}
