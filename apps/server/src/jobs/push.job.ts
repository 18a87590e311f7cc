import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import { sendDuePushes, type DeliveryPass, type PushSending } from '../modules/push/index.ts';
import { LeaderLoop } from '../platform/jobs/leader-loop.ts';
import { LOCKS } from '../platform/jobs/leader-lock.ts';

/** Notifications per claim; a pass claims again until the queue is empty or the node stops. */
const BATCH = 50;

/**
 * Web push, on the one node that holds the lock: each pass sends what is due. Once-only comes from the claim (a
 * lease in the row, SKIP LOCKED), not from this lock, which only keeps the sending in one place.
 */
export class PushJob extends LeaderLoop<DeliveryPass> {
  constructor(options: { db: Db; url: string; sending: PushSending; log: FastifyBaseLogger; intervalMs?: number }) {
    super({
      url: options.url,
      lockKey: LOCKS.push,
      intervalMs: options.intervalMs ?? 1_000,
      log: options.log,
      name: 'push pass',
      pass: async (stopped) => {
        const total: DeliveryPass = { sent: 0, gone: 0, dropped: 0, retried: 0 };
        for (;;) {
          const pass = await sendDuePushes(options.db, options.sending, BATCH);
          for (const k of Object.keys(total) as Array<keyof DeliveryPass>) total[k] += pass[k];
          if (pass.sent + pass.gone + pass.dropped + pass.retried < BATCH || stopped()) break;
        }
        if (total.sent + total.gone + total.dropped) options.log.info(total, 'push notifications sent');
        return total;
      },
    });
  }
}
