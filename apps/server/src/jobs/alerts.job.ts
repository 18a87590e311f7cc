import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import { readFeedState } from '../modules/market/index.ts';
import { checkAlerts, type FiredAlert } from '../modules/alerts/index.ts';
import { LeaderLoop } from '../platform/jobs/leader-loop.ts';
import { LOCKS } from '../platform/jobs/leader-lock.ts';

/**
 * Price alerts, on the one node that holds the advisory lock: every pass checks the active alerts
 * against the ticks the feed has recorded (up to its watermark). Exactly once comes from the
 * conditional update in checkAlerts, not from this lock; a fired alert's inbox message is written in the
 * same transaction. `onFired` lets a caller hear what a pass fired (tests, metrics).
 */
export class AlertsJob extends LeaderLoop<FiredAlert[]> {
  constructor(options: {
    db: Db;
    url: string;
    log: FastifyBaseLogger;
    intervalMs?: number;
    onFired?: (fired: FiredAlert[]) => Promise<void>;
  }) {
    super({
      url: options.url,
      lockKey: LOCKS.alerts,
      intervalMs: options.intervalMs ?? 2_000,
      log: options.log,
      name: 'price alerts pass',
      pass: async () => {
        const state = await readFeedState(options.db);
        if (!state) return [];
        const fired = await checkAlerts(options.db, state.watermark);
        if (fired.length) {
          options.log.info({ fired: fired.length }, 'price alerts fired');
          await options.onFired?.(fired);
        }
        return fired;
      },
    });
  }
}
