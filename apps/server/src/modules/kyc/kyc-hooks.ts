import type { Tx } from '../../platform/db/client.ts';
import { Hook } from '../../platform/events/hook.ts';

/**
 * What other modules do when a real name is approved. Referral rewards stand above KYC, so the referral module
 * fills this hook when its face loads (modules/referral/index.ts).
 */
export const kycHooks = {
  /** An operator approved the user's real name, inside the transaction that records the decision. */
  realNameApproved: new Hook<[tx: Tx, userId: number]>('realNameApproved'),
};
