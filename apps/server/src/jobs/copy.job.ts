import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import { workCopyTasks, onCopyWake } from '../modules/copy/index.ts';
import { Backoff } from '../platform/jobs/backoff.ts';
import { systemClock } from '../platform/time/clock.ts';

/** Tasks per transaction, and parallel workers per node: 1,000 followers are decided in one round of four. */
const BATCH = 250;
const WORKERS = 4;

/**
 * The copy fan-out, on every node: each pass works off pending copy tasks (claimed with SKIP LOCKED, so
 * nodes and workers never take the same task) until none is left. A leader order committed on this node
 * wakes it at once; otherwise it polls, so tasks written anywhere (or left by a crash) are worked off too.
 */
export class CopyJob {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private running: Promise<number> | null = null;
  private again = false;
  private unsubscribe: (() => void) | null = null;
  private readonly backoff: Backoff;

  constructor(
    private readonly options: {
      db: Db;
      log: FastifyBaseLogger;
      tz: string;
      now?: () => number;
      intervalMs?: number;
      workers?: number;
    },
  ) {
    this.backoff = new Backoff(options.log, 'copy pass');
  }

  start() {
    this.stopped = false;
    this.unsubscribe = onCopyWake(() => void this.wake());
    const loop = async () => {
      await this.runOnce();
      if (!this.stopped) this.timer = setTimeout(loop, this.backoff.delay(this.options.intervalMs ?? 500));
    };
    void loop();
  }

  async stop() {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** A wake during a pass runs one more pass right after it (its tasks may have been written too late). */
  private async wake() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    await this.runOnce();
  }

  /** Decides every pending task; returns how many it decided. */
  runOnce(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.runOnce();
      }
    });
    return this.running;
  }

  private async pass(): Promise<number> {
    try {
      const now = this.options.now ?? systemClock;
      const worker = async () => {
        let decided = 0;
        for (;;) {
          const n = await workCopyTasks(this.options.db, {
            now: now(),
            tz: this.options.tz,
            limit: BATCH,
            onError: (err, what) => this.options.log.warn({ err }, what),
          });
          decided += n;
          if (n === 0 || this.stopped) return decided;
        }
      };
      const counts = await Promise.all(Array.from({ length: this.options.workers ?? WORKERS }, worker));
      const decided = counts.reduce((a, b) => a + b, 0);
      this.backoff.succeeded();
      if (decided) this.options.log.info({ decided }, 'copy tasks decided');
      return decided;
    } catch (error) {
      this.backoff.failed(error);
      return 0;
    }
  }
}
