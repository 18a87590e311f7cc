import type pino from 'pino';
import type { Config } from '../platform/config/env.ts';
import type { Db } from '../platform/db/client.ts';
import { applyDefaultSource, applyReferenceRule } from '../modules/market/index.ts';
import { systemClock } from '../platform/time/clock.ts';
import { seed, type SeedResult } from './seed.ts';

/**
 * What a start does to the database once its migrations are applied: the seed (products, plans, the first
 * invitation code, the demo user) and the default price source for products an operator has not given one.
 * A cluster's primary does it once for all its workers.
 */
export async function prepareDatabase(db: Db, config: Config, log: pino.Logger): Promise<SeedResult> {
  const seeded = await seed(db, { firstInviteCode: config.firstInviteCode, demo: config.seedDemo });
  if (seeded.firstInviteCreated) log.info(`first invitation code: ${seeded.firstInviteCode}`);
  // MARKET_FEED moves the products an operator has not given a source; each answer then says where its price is from.
  const moved = await applyDefaultSource(db, config.market.feeds, config.market.jsonClasses);
  if (moved.length) log.info({ feeds: config.market.feeds, moved }, 'market: default price source applied');
  // REFERENCE_FEED: the second-source rule of every crypto product, logged as a term where it changed.
  const ruled = await db.transaction((tx) => applyReferenceRule(tx, config.market.reference, systemClock()));
  if (ruled.length) log.info({ rule: config.market.reference, products: ruled }, 'market: second-source rule applied');
  return seeded;
}
