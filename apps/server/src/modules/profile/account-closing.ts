import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { userAvatars } from './avatar.table.ts';

/** A closed account has no picture (the upload itself goes with the user's other uploads). */
export async function dropAvatarOnClosure(tx: Tx, userId: number): Promise<void> {
  await tx.delete(userAvatars).where(eq(userAvatars.userId, userId));
}
