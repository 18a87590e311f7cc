import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { userCases } from './cases.table.ts';

/** What stands for a closed account's own words in its cases (the operators' decisions and reasons stay). */
const ERASED_TEXT = '—';

/**
 * A closed account's cases keep what was decided and why (a correction's journal stays in the ledger), but not the
 * person's words or their picture (the uploads module erases the file itself).
 */
export async function eraseCasesOnClosure(tx: Tx, userId: number): Promise<void> {
  await tx.update(userCases).set({ text: ERASED_TEXT, uploadId: null }).where(eq(userCases.userId, userId));
}
