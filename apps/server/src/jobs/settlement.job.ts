import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import { readFeedState } from '../modules/market/index.ts';
import { SETTLE_BATCH, settleDueOrders } from '../modules/orders/index.ts';
// Settling writes the settlement into leaders' public records: copy trading fills that hook when it loads.
import '../modules/copy/index.ts';
import { Backoff } from '../platform/jobs/backoff.ts';

/**
 * Runs on every node. Each pass settles every order whose settlement second the feed has recorded;
 * orders that fell due while the server was down settle on the first pass after the feed caught up.
 */
export class SettlementJob {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private running: Promise<number> | null = null;
  private woken = false;
  private readonly backoff: Backoff;

  constructor(private readonly options: { db: Db; log: FastifyBaseLogger; intervalMs?: number; workers?: number }) {
    this.backoff = new Backoff(options.log, 'settlement pass');
  }

  start() {
    this.stopped = false;
    void this.loop();
  }

  private async loop() {
    this.timer = null;
    await this.runOnce();
    if (this.stopped) return;
    const again = this.woken;
    this.woken = false;
    // While the database fails, the backoff's pause holds whatever wakes the job.
    this.timer = setTimeout(() => void this.loop(), this.backoff.delay(again ? 0 : (this.options.intervalMs ?? 250)));
  }

  /**
   * The feed recorded a second (the node's tick hub heard it): orders due in it settle now instead of at the next
   * poll, which would add up to a poll interval to every settlement's lag. A pass under way is followed by
   * another at once.
   */
  wake() {
    if (this.stopped) return;
    if (this.running || !this.timer) {
      this.woken = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.loop(), this.backoff.delay(0));
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Settles everything due now; returns how many orders it settled. */
  runOnce(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<number> {
    try {
      const state = await readFeedState(this.options.db);
      if (!state) return 0;
      // Several workers per node drain a backlog in parallel, each its own part of the house shards (so their
      // batches never queue on each other's locks); SKIP LOCKED keeps the nodes' workers of one part apart.
      const workers = this.options.workers ?? 2;
      const worker = async (index: number) => {
        let settled = 0;
        for (;;) {
          const n = await settleDueOrders(this.options.db, state.watermark, SETTLE_BATCH, { of: workers, index });
          settled += n;
          if (n < SETTLE_BATCH || this.stopped) return settled;
        }
      };
      const counts = await Promise.all(Array.from({ length: workers }, (_, index) => worker(index)));
      this.backoff.succeeded();
      return counts.reduce((a, b) => a + b, 0);
    } catch (error) {
      this.backoff.failed(error);
      return 0;
    }
  }
}
