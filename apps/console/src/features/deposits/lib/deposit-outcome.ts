import type { AdminDeposit, RechargeRecord } from '@app/contracts';
import type { DepositDecision } from '../api/deposits-api.ts';

/**
 * What a decision did, read from the record the server answers: an approval that leaves the deposit under
 * review (status 3) was the first of two (four-eyes) and waits for a different operator.
 */
export type DepositOutcome = 'waiting_for_second' | 'credited' | 'refused' | 'audited';

export function depositOutcome(decision: DepositDecision, record: Pick<RechargeRecord, 'status'>): DepositOutcome {
  if (decision === 'refuse') return 'refused';
  if (decision === 'audit') return 'audited';
  return record.status === 3 ? 'waiting_for_second' : 'credited';
}

/** Where a deposit stands with this operator: nobody approved yet, they approved first, or another did. */
export function firstApproval(deposit: Pick<AdminDeposit, 'first_approved_by'>, me: string) {
  if (!deposit.first_approved_by) return 'none' as const;
  return deposit.first_approved_by === me ? ('mine' as const) : ('other' as const);
}
