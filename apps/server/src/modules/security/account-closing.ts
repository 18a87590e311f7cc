import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { loginRecords, selfFreezes } from './security.table.ts';

/** The login history and self-freezes of a closed account keep their times, not where they came from. */
export async function anonymiseLoginsOnClosure(tx: Tx, userId: number): Promise<void> {
  await tx.update(loginRecords).set({ ip: null, userAgent: null }).where(eq(loginRecords.userId, userId));
  await tx.update(selfFreezes).set({ ip: null }).where(eq(selfFreezes.userId, userId));
}
