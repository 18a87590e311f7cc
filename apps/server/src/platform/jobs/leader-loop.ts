import type { FastifyBaseLogger } from 'fastify';
import { Backoff } from './backoff.ts';
import { LeaderLock } from './leader-lock.ts';

/**
 * A node standing by tries for the lock at least this often, whatever the job's interval: a leader that died is
 * replaced within seconds (the job_leader metric shows a singleton job without a live leader).
 */
const STANDBY_RETRY_MS = 10_000;

/**
 * A pass repeated on an interval on the one node that holds an advisory lock; the other nodes try again at
 * the next interval and take over when the holder's connection dies. A pass never overlaps another, and
 * stop() waits for the current one. Failed passes back off (see Backoff).
 */
export class LeaderLoop<T> {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private running: Promise<T | null> | null = null;
  private readonly lock: LeaderLock;
  private readonly backoff: Backoff;
  /** When the last pass that ran here succeeded (0: none yet). */
  private passedAt = 0;

  constructor(
    private readonly options: {
      url: string;
      lockKey: number;
      intervalMs: number;
      log: FastifyBaseLogger;
      /** What the pass is called in the log when it fails. */
      name: string;
      pass: (stopped: () => boolean) => Promise<T>;
    },
  ) {
    this.lock = new LeaderLock(options.url, options.lockKey);
    this.backoff = new Backoff(options.log, options.name);
  }

  start() {
    this.stopped = false;
    // Wakes at least every STANDBY_RETRY_MS: a node that lost the lock (its connection stalled, see LeaderLock) or
    // stands by tries for it; the leader runs its pass once per interval.
    const loop = async () => {
      if (!this.lock.isHeld || Date.now() - this.passedAt >= this.options.intervalMs) await this.runOnce();
      const wake = Math.min(this.options.intervalMs, STANDBY_RETRY_MS);
      if (!this.stopped) this.timer = setTimeout(loop, this.backoff.delay(wake));
    };
    void loop();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.lock.release();
  }

  /** One pass; null when another node holds the lock or the pass failed (it is logged). */
  runOnce(): Promise<T | null> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<T | null> {
    try {
      if (!(await this.lock.tryAcquire())) {
        this.backoff.succeeded();
        return null;
      }
      const result = await this.options.pass(() => this.stopped);
      this.passedAt = Date.now();
      this.backoff.succeeded();
      return result;
    } catch (error) {
      this.backoff.failed(error);
      return null;
    }
  }
}
