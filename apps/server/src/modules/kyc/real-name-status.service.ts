import { count, eq } from 'drizzle-orm';
import type { AdminRealNameStatus } from '@app/contracts';
import type { Db } from '../../platform/db/client.ts';
import { latestSubmission, toCertification } from './kyc.service.ts';
import { kycSubmissions } from './kyc.table.ts';

/** The state of a user's real name and how many submissions they made; no name, number or document. */
export async function realNameStatusForOperator(db: Db, userId: number): Promise<AdminRealNameStatus> {
  const [latest, [n]] = await Promise.all([
    latestSubmission(db, userId),
    db.select({ n: count() }).from(kycSubmissions).where(eq(kycSubmissions.userId, userId)),
  ]);
  const c = toCertification(latest);
  return {
    state: c.state,
    submitted_at: c.submitted_at,
    decided_at: c.decided_at,
    reason: c.reason,
    submissions: Number(n?.n ?? 0),
  };
}
