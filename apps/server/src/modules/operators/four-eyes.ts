import type { Permission } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { operatorMay } from './operator-lookup.ts';

/**
 * Where a held decision stands when an operator approves it: `first`, their approval is the first one (none was
 * recorded, or the one recorded has lapsed) and nothing may move yet; `second`, a different operator's first
 * approval still counts and this one completes the decision.
 */
export type FourEyesStep = { step: 'first'; lapsed: string | null } | { step: 'second'; first: string };

/**
 * The one rule of every decision that needs two operators (a large deposit or withdrawal, a large balance
 * adjustment, a change that weakens a control). A first approval counts only while its operator is still active
 * and still holds the permission the decision needs, judged now, at decision time: an operator disabled (or moved
 * to a desk without that permission) between the two approvals no longer vouches for anything, or disabling
 * someone would not stop what they had started. The same operator can never be both.
 */
export async function fourEyesStep(
  db: DbOrTx,
  decision: { first: string | null; by: string; permission: Permission },
): Promise<FourEyesStep> {
  if (decision.first === null) return { step: 'first', lapsed: null };
  if (decision.first === decision.by) throw new AppError('second_operator_required');
  if (!(await operatorMay(db, decision.first, decision.permission))) return { step: 'first', lapsed: decision.first };
  return { step: 'second', first: decision.first };
}
