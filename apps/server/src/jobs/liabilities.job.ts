import type { FastifyBaseLogger } from 'fastify';
import { dayLabel, dayOf, type LiabilitiesRoot } from '@app/contracts';
import type { Db } from '../platform/db/client.ts';
import { LeaderLoop } from '../platform/jobs/leader-loop.ts';
import { LOCKS } from '../platform/jobs/leader-lock.ts';
import { systemClock, type Clock } from '../platform/time/clock.ts';
import { publishLiabilities } from '../modules/liabilities/index.ts';

/**
 * The daily proof of liabilities, on one node: once a platform day (PLATFORM_TZ) has ended, its tree is built from
 * the ledger as it then stands and its root logged. Checked every ten minutes, so a day is published in the first
 * minutes after it ends, or at the first start after downtime; a published day is never built again.
 */
export class LiabilitiesJob extends LeaderLoop<LiabilitiesRoot> {
  constructor(options: {
    db: Db;
    url: string;
    tz: string;
    log: FastifyBaseLogger;
    clock?: Clock;
    intervalMs?: number;
  }) {
    const clock = options.clock ?? systemClock;
    super({
      url: options.url,
      lockKey: LOCKS.liabilities,
      intervalMs: options.intervalMs ?? 600_000,
      log: options.log,
      name: 'liabilities pass',
      pass: () => publishLiabilities(options.db, dayLabel(dayOf(clock(), options.tz) - 1), options.tz),
    });
  }
}
