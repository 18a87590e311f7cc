import { and, count, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { startsWith } from '../db/like-pattern.ts';
import { actingCredential, type ActingCredential } from '../http/acting-credential.ts';
import { auditLog } from './audit.table.ts';

export type AuditEntry = {
  operator: string;
  action: string;
  target: string;
  reason: string;
  details?: Record<string, unknown>;
  ip?: string;
  /** Only where no guard has named one: the sign-in and the acceptance of an invitation present their own. */
  credential?: ActingCredential;
};

/**
 * Written in the same transaction as the action it records, so an action without its record cannot exist. The
 * credential comes from the operator request running (the guard names it); an entry with none is a bug, and
 * refused rather than written without it.
 */
export async function audit(db: DbOrTx, { credential: given, ...entry }: AuditEntry) {
  const credential = given ?? actingCredential();
  if (!credential) throw new Error(`audit entry ${entry.action} written outside an operator request`);
  await db
    .insert(auditLog)
    .values({ ...entry, details: entry.details ?? {}, credential: credential.kind, tokenId: credential.tokenId });
}

export type AuditFilter = {
  operator?: string | undefined;
  /** An action, or a family with a trailing dot ("kyc."). */
  action?: string | undefined;
  /** A target, or a kind with a trailing colon ("user:"). */
  target?: string | undefined;
  /** Unix seconds, inclusive. */
  from?: number | undefined;
  /** Unix seconds, exclusive. */
  to?: number | undefined;
};

const exactOrPrefix = (column: typeof auditLog.action | typeof auditLog.target, value: string, prefixEnd: string) =>
  value.endsWith(prefixEnd) ? like(column, startsWith(value)) : eq(column, value);

function where(f: AuditFilter): SQL | undefined {
  return and(
    f.operator ? eq(auditLog.operator, f.operator) : undefined,
    f.action ? exactOrPrefix(auditLog.action, f.action, '.') : undefined,
    f.target ? exactOrPrefix(auditLog.target, f.target, ':') : undefined,
    f.from !== undefined ? gte(auditLog.createdAt, new Date(f.from * 1000)) : undefined,
    f.to !== undefined ? lt(auditLog.createdAt, new Date(f.to * 1000)) : undefined,
  );
}

/** One page of the audit log, newest first, with the number of entries the filter matches. */
export async function searchAudit(db: DbOrTx, f: AuditFilter, page: { limit: number; offset: number }) {
  const filter = where(f);
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).where(filter).orderBy(desc(auditLog.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(auditLog).where(filter),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
