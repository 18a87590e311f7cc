import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { kycSubmissions } from './kyc.table.ts';

/** The audit targets of one user's real-name requests, for the user's timeline in the console. */
export async function realNameTargets(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db.select({ id: kycSubmissions.id }).from(kycSubmissions).where(eq(kycSubmissions.userId, userId));
  return rows.map((r) => `kyc:${r.id}`);
}
