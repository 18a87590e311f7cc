import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import { accrueAll, accrueFlexible, payArrivedOuts, settleMatured } from '../modules/invest/index.ts';
import { dayOf } from '@app/contracts';
import { LeaderLoop } from '../platform/jobs/leader-loop.ts';
import { LOCKS } from '../platform/jobs/leader-lock.ts';
import { systemClock } from '../platform/time/clock.ts';

/**
 * Daily accrual and maturity, on the one node that holds the advisory lock. Every pass credits each
 * completed platform day not credited yet (so the days missed during downtime are caught up on the
 * first pass after a restart) and settles the holdings whose last day is over. Exactly once comes from
 * the (lot, day) primary key and unique journal references, not from this lock: the lock only keeps the
 * work on one node. The flexible Yuebao balance is credited in the same pass, by the same rule of keys.
 */
export class AccrualJob extends LeaderLoop<{ credited: number; settled: number }> {
  constructor(options: {
    db: Db;
    url: string;
    tz: string;
    log: FastifyBaseLogger;
    intervalMs?: number;
    now?: () => number;
  }) {
    super({
      url: options.url,
      lockKey: LOCKS.accrual,
      intervalMs: options.intervalMs ?? 60_000,
      log: options.log,
      name: 'plan accrual pass',
      pass: async (stopped) => {
        const now = (options.now ?? systemClock)();
        const today = dayOf(now, options.tz);
        const credited = await accrueAll(options.db, today, undefined, stopped);
        const settled = await settleMatured(options.db, { now, tz: options.tz });
        // The flexible balance: its days credited, and moves out whose next day has come paid.
        const flexible = await accrueFlexible(options.db, today, undefined, stopped);
        const arrived = await payArrivedOuts(options.db, today);
        if (credited || settled || flexible || arrived)
          options.log.info({ credited, settled, flexible, arrived }, 'plan accrual pass');
        return { credited: credited + flexible, settled };
      },
    });
  }
}
