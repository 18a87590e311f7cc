import type { AdminAuditItem } from '@app/contracts';
import { seconds } from '../time/epoch.ts';
import type { auditLog } from './audit.table.ts';

/** One audit row as the console reads it (the log's page and a user's trail alike). */
export const auditItem = (r: typeof auditLog.$inferSelect): AdminAuditItem => ({
  id: r.id,
  operator: r.operator,
  action: r.action,
  target: r.target,
  reason: r.reason,
  details: r.details,
  credential: r.credential as AdminAuditItem['credential'],
  token_id: r.tokenId,
  created_at: seconds(r.createdAt),
});
