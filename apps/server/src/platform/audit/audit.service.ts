import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { auditLog } from './audit.table.ts';

export type AuditEntry = {
  operator: string;
  action: string;
  target: string;
  reason: string;
  details?: Record<string, unknown>;
  ip?: string;
};

/** Written in the same transaction as the action it records, so an action without its record cannot exist. */
export async function audit(db: DbOrTx, entry: AuditEntry) {
  await db.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}

export async function recentAudit(db: DbOrTx, limit: number) {
  return db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit);
}
