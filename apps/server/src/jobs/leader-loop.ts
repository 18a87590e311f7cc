import type { FastifyBaseLogger } from 'fastify';
import { LeaderLock } from './leader-lock.ts';

/**
 * A pass repeated on an interval on the one node that holds an advisory lock; the other nodes try again at
 * the next interval and take over when the holder's connection dies. A pass never overlaps another, and
 * stop() waits for the current one.
 */
export class LeaderLoop<T> {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private running: Promise<T | null> | null = null;
  private readonly lock: LeaderLock;

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
  }

  start() {
    this.stopped = false;
    const loop = async () => {
      await this.runOnce();
      if (!this.stopped) this.timer = setTimeout(loop, this.options.intervalMs);
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
      if (!(await this.lock.tryAcquire())) return null;
      return await this.options.pass(() => this.stopped);
    } catch (error) {
      this.options.log.error({ err: error }, `${this.options.name} failed`);
      return null;
    }
  }
}
