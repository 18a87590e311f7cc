import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import { feedState } from '../modules/market/index.ts';
import { settleDueOrders } from '../modules/orders/index.ts';
// Settling writes the settlement into leaders' public records: copy trading fills that hook when it loads.
import '../modules/copy/index.ts';
import { Backoff } from '../platform/jobs/backoff.ts';

const BATCH = 200;

/**
 * Runs on every node. Each pass settles every order whose settlement second the feed has recorded;
 * orders that fell due while the server was down settle on the first pass after the feed caught up.
 */
export class SettlementJob {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private running: Promise<number> | null = null;
  private readonly backoff: Backoff;

  constructor(private readonly options: { db: Db; log: FastifyBaseLogger; intervalMs?: number; workers?: number }) {
    this.backoff = new Backoff(options.log, 'settlement pass');
  }

  start() {
    this.stopped = false;
    const loop = async () => {
      await this.runOnce();
      if (!this.stopped) this.timer = setTimeout(loop, this.backoff.delay(this.options.intervalMs ?? 250));
    };
    void loop();
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
      const [state] = await this.options.db.select().from(feedState).where(eq(feedState.id, 1));
      if (!state) return 0;
      // Several workers per node drain a backlog in parallel; SKIP LOCKED hands each its own orders.
      const worker = async () => {
        let settled = 0;
        for (;;) {
          const n = await settleDueOrders(this.options.db, state.watermark, BATCH);
          settled += n;
          if (n < BATCH || this.stopped) return settled;
        }
      };
      const counts = await Promise.all(Array.from({ length: this.options.workers ?? 3 }, worker));
      this.backoff.succeeded();
      return counts.reduce((a, b) => a + b, 0);
    } catch (error) {
      this.backoff.failed(error);
      return 0;
    }
  }
}
