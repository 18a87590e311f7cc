import type { Tx } from '../../platform/db/client.ts';
import { Hook } from '../../platform/events/hook.ts';

/**
 * What other modules do when money arrives. Referral rewards stand above the wallet (a reward is paid as a
 * deposit), so the referral module fills this hook when its face loads (modules/referral/index.ts).
 */
export const walletHooks = {
  /** A user's self-service recharge was credited, inside the transaction that credits it. */
  depositCredited: new Hook<[tx: Tx, userId: number]>('depositCredited'),
  /** A user submitted a recharge for review, inside the transaction that records it (the risk rules run here). */
  depositSubmitted: new Hook<[tx: Tx, deposit: { id: number; userId: number; amount: bigint }]>('depositSubmitted', {
    required: false,
  }),
  /** A user submitted a withdrawal, inside the transaction that freezes its amount (the risk rules run here). */
  withdrawalSubmitted: new Hook<[tx: Tx, withdrawal: { id: number; userId: number; amount: bigint; methodId: number }]>(
    'withdrawalSubmitted',
    { required: false },
  ),
};
