import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { pruneExpired, type PruneCounts } from '../modules/maintenance/retention.ts';
import { LeaderLoop } from './leader-loop.ts';

export const MAINTENANCE_LOCK = 727_501;

/**
 * Prunes the rows that only serve a window (login failures, ended sessions, expired codes, old idempotency
 * keys; see modules/maintenance/retention.ts) hourly, on one node. Deleting what is already gone deletes
 * nothing, so a pass that runs twice (a leader change mid-pass) is harmless.
 */
export class MaintenanceJob extends LeaderLoop<PruneCounts> {
  constructor(options: { db: Db; url: string; log: FastifyBaseLogger; intervalMs?: number }) {
    super({
      url: options.url,
      lockKey: MAINTENANCE_LOCK,
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
