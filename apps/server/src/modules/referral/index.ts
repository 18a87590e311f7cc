// The referral module's face: invitation rewards.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
import { kycHooks } from '../kyc/index.ts';
import { walletHooks } from '../wallet/index.ts';
import { qualifyInvitee } from './referral.service.ts';
export { registerReferralCommands } from './referral.ops.ts';
export { referralRoutes } from './referral.routes.ts';
export { adminReferralRoutes } from './referral.admin.routes.ts';

// A first recharge may qualify the user's inviter for a reward (modules/wallet/wallet-hooks.ts).
walletHooks.depositCredited.on(async (tx, userId) => void (await qualifyInvitee(tx, userId, 'first_deposit')));
// So may an approved real name (modules/kyc/kyc-hooks.ts).
kycHooks.realNameApproved.on(async (tx, userId) => void (await qualifyInvitee(tx, userId, 'real_name')));
export { adminUserInvitationRoutes } from './user-invitations.admin.routes.ts';
