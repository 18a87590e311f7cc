import { count, desc, inArray } from 'drizzle-orm';
import type { AdminAuditItem } from '@app/contracts';
import type { DbOrTx } from '../db/client.ts';
import { auditLog } from './audit.table.ts';
import { auditItem } from './audit-item.ts';

/**
 * Every act on some targets (`user:42` and the user's records: `deposit:7`, `kyc:3`), newest first, a page at a
 * time (the target index answers it).
 */
export async function auditOfTargets(
  db: DbOrTx,
  targets: string[],
  q: { page: number; size: number },
): Promise<{ items: AdminAuditItem[]; total: number; page: number }> {
  const filter = inArray(auditLog.target, targets);
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
