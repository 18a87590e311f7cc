import type { RechargeRecord } from '@app/contracts';
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
