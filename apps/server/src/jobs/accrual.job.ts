import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { accrueAll } from '../modules/invest/accrual.service.ts';
import { settleMatured } from '../modules/invest/invest.service.ts';
import { dayOf } from '../modules/invest/invest-days.ts';
import { LeaderLock } from './leader-lock.ts';

/** Its own advisory lock key (next to LOCKS in leader-lock.ts, which this job does not edit). */
export const ACCRUAL_LOCK = 727_301;

/**
 * Daily accrual and maturity, on the one node that holds the advisory lock. Every pass credits each
 * completed platform day not credited yet (so the days missed during downtime are caught up on the
 * first pass after a restart) and settles the holdings whose last day is over. Exactly once comes from
 * the (lot, day) primary key and unique journal references, not from this lock: the lock only keeps the
 * work on one node.
 */
export class AccrualJob {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private running: Promise<{ credited: number; settled: number } | null> | null = null;
  private readonly lock: LeaderLock;

  constructor(
    private readonly options: {
      db: Db;
      url: string;
      tz: string;
      log: FastifyBaseLogger;
      intervalMs?: number;
      now?: () => number;
    },
  ) {
    this.lock = new LeaderLock(options.url, ACCRUAL_LOCK);
  }

  start() {
    this.stopped = false;
    const loop = async () => {
      await this.runOnce();
      if (!this.stopped) this.timer = setTimeout(loop, this.options.intervalMs ?? 60_000);
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
      const now = this.options.now?.() ?? Math.floor(Date.now() / 1000);
      const credited = await accrueAll(this.options.db, dayOf(now, this.options.tz), undefined, () => this.stopped);
      const settled = await settleMatured(this.options.db, { now, tz: this.options.tz });
      if (credited || settled) this.options.log.info({ credited, settled }, 'plan accrual pass');
      return { credited, settled };
    } catch (error) {
      this.options.log.error({ err: error }, 'plan accrual pass failed');
      return null;
    }
  }
}
