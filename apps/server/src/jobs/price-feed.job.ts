import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import {
  advanceFeedWatermark,
  readFeedState,
  startFeedState,
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
  binanceSource,
  jsonSource,
  type JsonFeedConfig,
  liveStep,
  progressOf,
  recordProgress,
  type LiveProgress,
  type LiveSource,
  type ProgressRow,
  sourceSymbolOf,
  refreshHolidays,
  okxSource,
  recordReference,
  referenceProgressOf,
  referenceStep,
  referenceSymbolOf,
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
  /** The exchange sources' endpoints (a product whose source is 'binance' streams from there). */
  sources?: {
    binance?: { wsUrl: string; restUrl: string };
    json?: JsonFeedConfig | null;
    /** The second source's endpoint (products whose reference_source is 'okx' are checked against it). */
    okx?: { wsUrl: string };
  };
  now?: () => number;
};

/**
 * How long after a whole second the feed wakes to record it: every client's price arrives this much later. Node
 * counts a timer from the event loop's clock as it was at the loop's last turn, so a wake may come a few
 * milliseconds before the second it waits for: that step finds the second not yet over and records nothing of it,
 * and the next step is due just after it. The margin covers the clock's millisecond steps only.
 */
const WAKE_AFTER_SECOND_MS = 2;

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
  /** The retention pass under way, beside the recording (it pauses between its slices; the feed never waits on it). */
  private pruning: Promise<void> | null = null;
  private pruneStop = new AbortController();
  private readonly backoff: Backoff;
  private progress: LiveProgress = new Map();
  private seed = '';
  /** The live sources in use, by name. */
  private readonly live = new Map<string, LiveSource>();
  private readonly unconfigured = new Set<string>();
  /** The second sources in use, by name, and how far each product is heard at its second source. */
  private readonly references = new Map<string, LiveSource>();
  private referenceThrough = new Map<number, number>();

  constructor(private readonly options: FeedJobOptions) {
    this.lock = new LeaderLock(options.url, LOCKS.priceFeed);
    this.backoff = new Backoff(options.log, 'price feed step');
  }

  private now = () => (this.options.now ?? systemClock)();

  start() {
    this.stopped = false;
    this.pruneStop = new AbortController();
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.pruneStop.abort();
    while (this.running) await new Promise((r) => setTimeout(r, 20));
    await this.pruning;
    for (const source of this.live.values()) await source.stop();
    this.live.clear();
    for (const source of this.references.values()) await source.stop();
    this.references.clear();
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
      if (!this.pruning && Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
        this.prunedAt = Date.now();
        this.pruning = this.prune().finally(() => (this.pruning = null));
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

  private async prune() {
    try {
      const removed = await pruneSeries(this.options.db, this.now() - TICK_RETENTION_SECONDS, {
        signal: this.pruneStop.signal,
      });
      if (removed) this.options.log.info({ removed }, 'price feed: pruned old ticks');
    } catch (error) {
      // The next pass (an hour on) takes up where this one failed: what it deleted stays deleted.
      this.options.log.warn({ err: error }, 'price feed: pruning old ticks failed');
    }
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(async () => {
      await this.runOnce();
      // Wake just after the next whole second (later while the database does not answer).
      this.schedule(this.backoff.delay(1_000 - (Date.now() % 1_000) + WAKE_AFTER_SECOND_MS));
    }, delay);
  }

  private async becomeLeader() {
    const { db } = this.options;
    let state = await readFeedState(db);
    const seed = state?.seed ?? randomBytes(16).toString('hex');
    this.seed = seed;
    this.feed = this.options.feed ? this.options.feed(seed) : new SimulatedFeed(seed);
    this.products = await listProducts(db);
    this.productsLoadedAt = Date.now();
    await refreshHolidays(db);
    if (!state) {
      const now = this.now();
      this.options.log.info('price feed: first start, recording history (simulated products from the simulator)');
      const simulated = this.products.filter((p) => p.simulated);
      await backfill(db, this.feed, seed, simulated, now, this.options.backfill);
      await recordProgress(db, await this.startedProgress(simulated, now - 1));
      state = await startFeedState(db, { feed: this.feed.name, seed, watermark: now - 1 });
    }
    this.watermark = state.watermark;
    const latest = await latestTicks(db);
    this.last = new Map([...latest].map(([id, t]) => [id, t.price]));
    this.progress = await progressOf(db);
    this.referenceThrough = await referenceProgressOf(db);
    this.options.log.info({ feed: this.feed.name, watermark: this.watermark }, 'price feed: leading');
  }

  /** Progress rows for simulated products that have just got their history (recorded through `through`). */
  private async startedProgress(list: ProductRow[], through: number): Promise<ProgressRow[]> {
    const latest = await latestTicks(this.options.db);
    return list.map((p) => ({ productId: p.id, through, lastTrade: latest.get(p.id)?.ts ?? null }));
  }

  private async catchUp() {
    if (Date.now() - this.productsLoadedAt > 30_000) {
      this.products = await listProducts(this.options.db);
      this.productsLoadedAt = Date.now();
      this.progress = await progressOf(this.options.db);
      await refreshHolidays(this.options.db);
    }
    const target = this.now();
    // A simulated product added since (no progress yet) gets its history first, as on a first start.
    const fresh = this.products.filter((p) => p.simulated && !this.progress.has(p.id));
    if (fresh.length) {
      await backfill(this.options.db, this.feed!, this.seed, fresh, this.watermark + 1, this.options.backfill);
      const started = await this.startedProgress(fresh, this.watermark);
      await recordProgress(this.options.db, started);
      for (const r of started) this.progress.set(r.productId, { through: r.through, lastTrade: r.lastTrade });
      const latest = await latestTicks(this.options.db);
      for (const p of fresh) if (latest.has(p.id)) this.last.set(p.id, latest.get(p.id)!.price);
    }
    await this.liveSources(target);
    await this.referenceSources();
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
    const simulated = this.products.filter((p) => p.simulated);
    const lastTrade = new Map<number, number>();
    for (let ts = from; ts <= to; ts++) {
      const open = simulated.filter((p) => sessionStatusCached(p.session as SessionName, ts) === 'trading');
      if (open.length === 0) continue;
      const prices = await feed.pricesAt(ts, open, last);
      for (const [productId, { price, volume }] of prices) {
        ticks.push({ productId, ts, price, volume });
        last.set(productId, price);
        lastTrade.set(productId, ts);
      }
    }
    const progress = simulated.map((p) => ({
      productId: p.id,
      through: to,
      lastTrade: lastTrade.get(p.id) ?? this.progress.get(p.id)?.lastTrade ?? null,
    }));
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
      await recordProgress(tx, progress);
      await advanceFeedWatermark(tx, to);
      if (latestSecond.length) await tx.execute(sql`SELECT pg_notify(${TICK_CHANNEL}, ${payload})`);
    });
    this.last = last;
    this.watermark = to;
    for (const r of progress) this.progress.set(r.productId, { through: r.through, lastTrade: r.lastTrade });
  }

  /** The live source named, made on first use (null: not configured here). */
  private sourceFor(name: string): LiveSource | null {
    const made = this.live.get(name);
    if (made) return made;
    const log = this.options.log.child({ source: name });
    const configured = this.options.sources;
    let source: LiveSource | null = null;
    if (name === 'binance')
      source = binanceSource(
        configured?.binance ?? { wsUrl: 'wss://stream.binance.com:9443', restUrl: 'https://api.binance.com' },
        log,
      );
    else if (name === 'json' && configured?.json) source = jsonSource(configured.json, log);
    if (source) this.live.set(name, source);
    return source;
  }

  /**
   * The products priced by an exchange or a provider: streamed, folded into one price per second, gaps filled from
   * the source's history. Written in one transaction per source and step with its progress, then announced like
   * the simulator's. A source no product uses any more is closed.
   */
  private async liveSources(now: number) {
    const bySource = new Map<string, ProductRow[]>();
    for (const p of this.products) if (!p.simulated) bySource.set(p.source, [...(bySource.get(p.source) ?? []), p]);
    for (const [name, source] of this.live)
      if (!bySource.has(name)) {
        await source.stop();
        this.live.delete(name);
      }
    for (const [name, list] of bySource) {
      const source = this.sourceFor(name);
      if (!source) {
        if (!this.unconfigured.has(name)) this.options.log.warn({ source: name }, 'price feed: source not configured');
        this.unconfigured.add(name);
        continue;
      }
      source.watch(list.map((p) => sourceSymbolOf(p)));
      await this.recordLive(source, list, now);
    }
  }

  /**
   * The second sources: each product under the second-source rule is streamed from its second exchange, and the
   * seconds heard are recorded beside the primary's (never mixed into it). A source no product uses is closed.
   */
  private async referenceSources() {
    const bySource = new Map<string, ProductRow[]>();
    for (const p of this.products)
      if (p.referenceSource) bySource.set(p.referenceSource, [...(bySource.get(p.referenceSource) ?? []), p]);
    for (const [name, source] of this.references)
      if (!bySource.has(name)) {
        await source.stop();
        this.references.delete(name);
      }
    for (const [name, list] of bySource) {
      let source = this.references.get(name) ?? null;
      if (!source && name === 'okx' && this.options.sources?.okx) {
        source = okxSource(this.options.sources.okx, this.options.log.child({ source: 'okx', role: 'reference' }));
        this.references.set(name, source);
      }
      if (!source) {
        // Unheard, its products' orders are void after the wait (the published rule), never settled unchecked.
        if (!this.unconfigured.has(`reference:${name}`))
          this.options.log.warn({ source: name }, 'price feed: second source not configured');
        this.unconfigured.add(`reference:${name}`);
        continue;
      }
      source.watch(list.map((p) => referenceSymbolOf(p)));
      const step = referenceStep(source, list, this.referenceThrough);
      if (!step.ticks.length && !step.heard.length) continue;
      await recordReference(this.options.db, step);
      for (const h of step.heard) this.referenceThrough.set(h.productId, h.through);
    }
  }

  private async recordLive(source: LiveSource, live: ProductRow[], now: number) {
    const state = { last: new Map(this.last), progress: new Map(this.progress) };
    const step = await liveStep(this.options.db, source, live, state, {
      now,
      history: this.options.backfill,
      log: this.options.log,
    });
    if (step.ticks.length === 0 && step.progress.length === 0) return;
    const bySymbol = new Map(live.map((p) => [p.id, p]));
    const newest = new Map<number, TickRow>();
    for (const t of step.ticks) newest.set(t.productId, t);
    const payload = JSON.stringify(
      [...newest.values()].map((t) => ({
        s: bySymbol.get(t.productId)!.symbol,
        p: formatPrice(t.price, bySymbol.get(t.productId)!.precision),
        t: t.ts,
      })),
    );
    await this.options.db.transaction(async (tx) => {
      await recordTicks(tx, step.ticks);
      await recordProgress(tx, step.progress);
      if (newest.size) await tx.execute(sql`SELECT pg_notify(${TICK_CHANNEL}, ${payload})`);
    });
    this.last = state.last;
    this.progress = state.progress;
  }
}
