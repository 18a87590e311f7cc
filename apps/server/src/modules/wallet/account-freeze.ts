import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findUser } from '../users/index.ts';

/**
 * A frozen account (the user's one-tap freeze, or customer service's) sends no money out and changes no payout
 * method, until customer service lifts it: checked first, so the user reads why before anything else, and again
 * inside the locked transaction that writes, so a freeze that lands between the two still holds.
 */
export async function refuseIfFrozen(db: DbOrTx, userId: number): Promise<void> {
  const user = await findUser(db, userId);
  if (user?.frozenAt) throw new AppError('account_frozen');
}
