import type { Tx } from '../../platform/db/client.ts';
import { Hook } from '../../platform/events/hook.ts';

/** A held adjustment's second decision, as the module that asked for it (a case's correction) hears of it. */
export type AdjustmentDecided = {
  id: number;
  userId: number;
  status: 'posted' | 'refused';
  amount: bigint;
  decidedBy: string;
  reason: string;
  /** The journal's reference when posted. */
  journalReference: string | null;
};

/**
 * What other modules do when a held adjustment is decided. Cases stand above adjustments (a case's correction is a
 * held adjustment), so the cases module fills this hook when its face loads (modules/cases/index.ts).
 */
export const adjustmentHooks = {
  /** Inside the transaction of the approval or refusal. */
  decided: new Hook<[tx: Tx, decided: AdjustmentDecided]>('adjustmentDecided', { required: false }),
};
