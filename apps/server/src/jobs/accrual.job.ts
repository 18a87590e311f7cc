import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { accrueAll } from '../modules/invest/accrual.service.ts';
import { settleMatured } from '../modules/invest/invest.service.ts';
import { dayOf } from '../modules/invest/invest-days.ts';
import { LeaderLoop } from './leader-loop.ts';

/** Its own advisory lock key (next to LOCKS in leader-lock.ts, which this job does not edit). */
export const ACCRUAL_LOCK = 727_301;

/**
 * Daily accrual and maturity, on the one node that holds the advisory lock. Every pass credits each
 * completed platform day not credited yet (so the days missed during downtime are caught up on the
 * first pass after a restart) and settles the holdings whose last day is over. Exactly once comes from
 * the (lot, day) primary key and unique journal references, not from this lock: the lock only keeps the
 * work on one node.
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
      lockKey: ACCRUAL_LOCK,
      intervalMs: options.intervalMs ?? 60_000,
      log: options.log,
      name: 'plan accrual pass',
      pass: async (stopped) => {
        const now = options.now?.() ?? Math.floor(Date.now() / 1000);
        const credited = await accrueAll(options.db, dayOf(now, options.tz), undefined, stopped);
        const settled = await settleMatured(options.db, { now, tz: options.tz });
        if (credited || settled) options.log.info({ credited, settled }, 'plan accrual pass');
        return { credited, settled };
      },
    });
  }
}
