import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import {
  feedState,
  TICK_CHANNEL,
  latestTicks,
  listProducts,
  pruneSeries,
  recordTicks,
  type ProductRow,
  type TickRow,
  backfill,
  type BackfillOptions,
  SimulatedFeed,
  type PriceFeed,
  sessionStatusCached,
  type SessionName,
} from '../modules/market/index.ts';
import { formatPrice } from '@app/contracts';
import { Backoff } from '../platform/jobs/backoff.ts';
import { LeaderLock, LOCKS } from '../platform/jobs/leader-lock.ts';
import { systemClock } from '../platform/time/clock.ts';

/** After a long outage the feed resumes this far back, not further. */
const MAX_CATCH_UP_SECONDS = 24 * 3600;
const SECONDS_PER_TRANSACTION = 300;
/** Per-second prices are kept a week (and for ever where an order used them). */
export const TICK_RETENTION_SECONDS = 7 * 86_400;
const PRUNE_EVERY_MS = 3600_000;

export type FeedJobOptions = {
  db: Db;
  url: string;
  log: FastifyBaseLogger;
  backfill: BackfillOptions;
  /** A real feed; by default the seeded simulator (seed kept in the database). */
  feed?: (seed: string) => PriceFeed;
  now?: () => number;
};

/**
 * One price per second per product in session, recorded with its K-lines, then announced to every
 * node with NOTIFY. Only the node holding the leader lock runs it; the others stand by.
 */
export class PriceFeedJob {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly lock: LeaderLock;
  private feed: PriceFeed | null = null;
  private products: ProductRow[] = [];
  private productsLoadedAt = 0;
  private last = new Map<number, bigint>();
  private watermark = 0;
  private running = false;
  private prunedAt = 0;
  private readonly backoff: Backoff;

  constructor(private readonly options: FeedJobOptions) {
    this.lock = new LeaderLock(options.url, LOCKS.priceFeed);
    this.backoff = new Backoff(options.log, 'price feed step');
  }

  private now = () => (this.options.now ?? systemClock)();

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 20));
    await this.lock.release();
  }

  /** Runs once: becomes leader if it can, then records every second up to now. Tests call it directly. */
  async runOnce(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const wasLeader = this.lock.isHeld;
      if (!(await this.lock.tryAcquire())) {
        this.backoff.succeeded();
        return;
      }
      if (!wasLeader || !this.feed) await this.becomeLeader();
      await this.catchUp();
      if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
        this.prunedAt = Date.now();
        const removed = await pruneSeries(this.options.db, this.now() - TICK_RETENTION_SECONDS);
        if (removed) this.options.log.info({ removed }, 'price feed: pruned old ticks');
      }
      this.backoff.succeeded();
    } catch (error) {
      this.backoff.failed(error);
      // Reload state from the database on the next step: the failed transaction wrote nothing.
      this.feed = null;
    } finally {
      this.running = false;
    }
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(async () => {
      await this.runOnce();
      // Wake just after the next whole second (later while the database does not answer).
      this.schedule(this.backoff.delay(1_000 - (Date.now() % 1_000) + 15));
    }, delay);
  }

  private async becomeLeader() {
    const { db } = this.options;
    let [state] = await db.select().from(feedState).where(eq(feedState.id, 1));
    const seed = state?.seed ?? randomBytes(16).toString('hex');
    this.feed = this.options.feed ? this.options.feed(seed) : new SimulatedFeed(seed);
    this.products = await listProducts(db);
    this.productsLoadedAt = Date.now();
    if (!state) {
      const now = this.now();
      this.options.log.info('price feed: first start, recording simulated history');
      await backfill(db, this.feed, seed, this.products, now, this.options.backfill);
      [state] = await db
        .insert(feedState)
        .values({ id: 1, feed: this.feed.name, seed, watermark: now - 1 })
        .onConflictDoNothing()
        .returning();
      state ??= (await db.select().from(feedState).where(eq(feedState.id, 1)))[0];
    }
    this.watermark = state!.watermark;
    const latest = await latestTicks(db);
    this.last = new Map([...latest].map(([id, t]) => [id, t.price]));
    this.options.log.info({ feed: this.feed.name, watermark: this.watermark }, 'price feed: leading');
  }

  private async catchUp() {
    if (Date.now() - this.productsLoadedAt > 30_000) {
      this.products = await listProducts(this.options.db);
      this.productsLoadedAt = Date.now();
    }
    const target = this.now();
    let from = Math.max(this.watermark + 1, target - MAX_CATCH_UP_SECONDS);
    while (from <= target && !this.stopped) {
      const to = Math.min(target, from + SECONDS_PER_TRANSACTION - 1);
      await this.writeSeconds(from, to);
      from = to + 1;
    }
  }

  private async writeSeconds(from: number, to: number) {
    const feed = this.feed!;
    const last = new Map(this.last);
    const ticks: TickRow[] = [];
    for (let ts = from; ts <= to; ts++) {
      const open = this.products.filter((p) => sessionStatusCached(p.session as SessionName, ts) === 'trading');
      if (open.length === 0) continue;
      const prices = await feed.pricesAt(ts, open, last);
      for (const [productId, { price, volume }] of prices) {
        ticks.push({ productId, ts, price, volume });
        last.set(productId, price);
      }
    }
    const latestSecond = ticks.filter((t) => t.ts === to);
    const bySymbol = new Map(this.products.map((p) => [p.id, p]));
    const payload = JSON.stringify(
      latestSecond.map((t) => ({
        s: bySymbol.get(t.productId)!.symbol,
        p: formatPrice(t.price, bySymbol.get(t.productId)!.precision),
        t: t.ts,
      })),
    );
    await this.options.db.transaction(async (tx) => {
      await recordTicks(tx, ticks);
      await tx
        .update(feedState)
        .set({ watermark: to, updatedAt: sql`now()` })
        .where(eq(feedState.id, 1));
      if (latestSecond.length) await tx.execute(sql`SELECT pg_notify(${TICK_CHANNEL}, ${payload})`);
    });
    this.last = last;
    this.watermark = to;
  }
}
