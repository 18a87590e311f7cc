import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { feedState } from '../modules/market/market.table.ts';
import { checkAlerts, type FiredAlert } from '../modules/alerts/alerts.service.ts';
import { LeaderLock } from './leader-lock.ts';

/** Its own advisory lock key (range 728200-728299). */
export const ALERTS_LOCK = 728_200;

/**
 * Price alerts, on the one node that holds the advisory lock: every pass checks the active alerts
 * against the ticks the feed has recorded (up to its watermark). Exactly once comes from the
 * conditional update in checkAlerts, not from this lock. `onFired` is where a fired alert is delivered
 * (the in-app inbox); the fired alert itself is already recorded on its row.
 */
export class AlertsJob {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private running: Promise<FiredAlert[] | null> | null = null;
  private readonly lock: LeaderLock;

  constructor(
    private readonly options: {
      db: Db;
      url: string;
      log: FastifyBaseLogger;
      intervalMs?: number;
      onFired?: (fired: FiredAlert[]) => Promise<void>;
    },
  ) {
    this.lock = new LeaderLock(options.url, ALERTS_LOCK);
  }

  start() {
    this.stopped = false;
    const loop = async () => {
      await this.runOnce();
      if (!this.stopped) this.timer = setTimeout(loop, this.options.intervalMs ?? 2_000);
    };
    void loop();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.lock.release();
  }

  /** One pass; null when another node holds the lock. */
  runOnce() {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass() {
    try {
      if (!(await this.lock.tryAcquire())) return null;
      const [state] = await this.options.db.select().from(feedState).where(eq(feedState.id, 1));
      if (!state) return [];
      const fired = await checkAlerts(this.options.db, state.watermark);
      if (fired.length) {
        this.options.log.info({ fired: fired.length }, 'price alerts fired');
        await this.options.onFired?.(fired);
      }
      return fired;
    } catch (error) {
      this.options.log.error({ err: error }, 'price alerts pass failed');
      return null;
    }
  }
}
