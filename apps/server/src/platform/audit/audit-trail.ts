import { count, desc, eq } from 'drizzle-orm';
import type { AdminAuditItem } from '@app/contracts';
import type { DbOrTx } from '../db/client.ts';
import { auditLog } from './audit.table.ts';
import { auditItem } from './audit-item.ts';

/** Every act on one target (`user:42`), newest first, a page at a time (the target index answers it). */
export async function auditOfTarget(
  db: DbOrTx,
  target: string,
  q: { page: number; size: number },
): Promise<{ items: AdminAuditItem[]; total: number; page: number }> {
  const filter = eq(auditLog.target, target);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(filter)
      .orderBy(desc(auditLog.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(auditLog).where(filter),
  ]);
  return {
    items: rows.map(auditItem),
    total: Number(total?.n ?? 0),
    page: q.page,
  };
}
