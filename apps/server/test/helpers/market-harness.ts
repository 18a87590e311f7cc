import pino from 'pino';
import { PriceFeedJob } from '../../src/jobs/price-feed.job.ts';
import { SettlementJob } from '../../src/jobs/settlement.job.ts';
import type { Db } from '../../src/platform/db/client.ts';

/** Saturday 2026-11-21 15:00 UTC: crypto trades; forex, metals, futures and stocks are closed. */
export const SATURDAY = Math.floor(Date.parse('2026-11-21T15:00:00Z') / 1000);

export const silentLog = pino({ level: 'silent' });

/** Market time the test moves by hand: the feed records up to `clock.t`, and the API sees the same time. */
export function marketHarness(db: Db, url: string, start = SATURDAY) {
  const clock = { t: start };
  const now = () => clock.t;
  const makeFeed = () => new PriceFeedJob({ db, url, log: silentLog, backfill: { days: 2, tickSeconds: 600 }, now });
  let feed = makeFeed();
  const settlement = new SettlementJob({ db, log: silentLog });
  return {
    clock,
    now,
    get feed() {
      return feed;
    },
    /** Moves time forward, records the new seconds and settles what fell due. */
    async advance(seconds: number) {
      clock.t += seconds;
      await feed.runOnce();
      return settlement.runOnce();
    },
    /** A node restart: the old feed stops, time passes, a new feed instance takes over. */
    async restartAfter(seconds: number) {
      await feed.stop();
      clock.t += seconds;
      feed = makeFeed();
      await feed.runOnce();
      return settlement.runOnce();
    },
    makeFeed,
    async close() {
      await feed.stop();
      await settlement.stop();
    },
  };
}
