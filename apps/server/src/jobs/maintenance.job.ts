import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import { pruneExpired, type PruneCounts } from '../platform/maintenance/retention.ts';
import { LeaderLoop } from '../platform/jobs/leader-loop.ts';
import { LOCKS } from '../platform/jobs/leader-lock.ts';

/**
 * Prunes the rows that only serve a window (login failures, ended sessions, expired codes, old idempotency
 * keys; see platform/maintenance/retention.ts) hourly, on one node. Deleting what is already gone deletes
 * nothing, so a pass that runs twice (a leader change mid-pass) is harmless.
 */
export class MaintenanceJob extends LeaderLoop<PruneCounts> {
  constructor(options: { db: Db; url: string; log: FastifyBaseLogger; intervalMs?: number }) {
    super({
      url: options.url,
      lockKey: LOCKS.maintenance,
      intervalMs: options.intervalMs ?? 3_600_000,
      log: options.log,
      name: 'maintenance pass',
      pass: async () => {
        const counts = await pruneExpired(options.db);
        if (Object.values(counts).some((n) => n > 0)) options.log.info(counts, 'maintenance: pruned expired rows');
        return counts;
      },
    });
  }
}
