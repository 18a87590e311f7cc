import { count, desc, eq } from 'drizzle-orm';
import type { AdminUserFreezeEvent, AdminUserFreezes } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { searchAudit } from '../../platform/audit/audit.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { deviceName } from '../../platform/http/device-name.ts';
import { seconds } from '../../platform/time/epoch.ts';
import { findUser } from '../users/index.ts';
import { sessionAgents } from './security.service.ts';
import { selfFreezes } from './security.table.ts';

/**
 * A user's freezes and unfreezes, newest first, from where each is recorded: the user's own in `self_freezes`, an
 * operator's in the audit log (the user's row keeps only the freeze in effect). A page of the two together is the
 * page's slice of both lists' first `page × size` rows, merged.
 */
export async function freezesForOperator(
  db: DbOrTx,
  userId: number,
  q: { page: number; size: number },
): Promise<AdminUserFreezes> {
  if (!(await findUser(db, userId))) throw new AppError('user_not_found');
  const upTo = { limit: q.page * q.size, offset: 0 };
  const target = `user:${userId}`;
  const mine = eq(selfFreezes.userId, userId);
  const [own, [ownCount], frozen, unfrozen] = await Promise.all([
    db.select().from(selfFreezes).where(mine).orderBy(desc(selfFreezes.id)).limit(upTo.limit),
    db.select({ n: count() }).from(selfFreezes).where(mine),
    searchAudit(db, { action: 'user.freeze', target }, upTo),
    searchAudit(db, { action: 'user.unfreeze', target }, upTo),
  ]);
  const agents = await sessionAgents(
    db,
    userId,
    own.flatMap((r) => (r.sessionId === null ? [] : [r.sessionId])),
  );
  // By the exact time: two acts in one second keep their order.
  const events: { exact: number; event: AdminUserFreezeEvent }[] = [
    ...own.map((r) => ({
      exact: r.createdAt.getTime(),
      event: {
        id: `self:${r.id}`,
        at: seconds(r.createdAt),
        act: 'freeze' as const,
        by: 'user' as const,
        operator: null,
        reason: null,
        device: r.sessionId === null ? null : deviceName(agents.get(r.sessionId)),
        ip: r.ip,
        signed_out: r.signedOut,
        already_frozen_since: seconds(r.alreadyFrozenSince),
      },
    })),
    ...[...frozen.rows, ...unfrozen.rows].map((r) => ({
      exact: r.createdAt.getTime(),
      event: {
        id: `audit:${r.id}`,
        at: seconds(r.createdAt),
        act: r.action === 'user.freeze' ? ('freeze' as const) : ('unfreeze' as const),
        by: 'operator' as const,
        operator: r.operator,
        reason: r.reason,
        device: null,
        ip: null,
        signed_out: null,
        already_frozen_since: null,
      },
    })),
  ];
  const items = events
    .sort((a, b) => b.exact - a.exact)
    .slice((q.page - 1) * q.size, q.page * q.size)
    .map((e) => e.event);
  return { items, total: Number(ownCount?.n ?? 0) + frozen.total + unfrozen.total, page: q.page };
}
