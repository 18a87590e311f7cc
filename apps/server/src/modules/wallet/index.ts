// The wallet module's face: recharges, withdrawals, exchange, payment methods and the statement.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { walletHooks } from './wallet-hooks.ts';
import { ownHeldChanges } from '../../platform/held-changes/held-changes.service.ts';
import { walletSettingsOwner } from './wallet-settings.ts';
import { channelOwner } from './channels-admin.service.ts';

export { loadSettings } from './wallet-settings.ts';
export { registerWalletCommands } from './wallet.ops.ts';
export { walletRoutes } from './wallet.routes.ts';
export { seedRechargeChannels } from './wallet.seed.ts';
export { creditedRechargeCount, recordPromotionCredit } from './promotion-credits.ts';
export { adminWalletRoutes } from './wallet.admin.routes.ts';
export { pendingMoney, type PendingMoney } from './pending-money.ts';
export { adminUserWalletRoutes } from './user-wallet.admin.routes.ts';

ownHeldChanges('wallet.settings', walletSettingsOwner);
ownHeldChanges('recharge.channel', channelOwner);
export { secondApprovalsWaiting, waitingMoney } from './waiting-money.ts';
export { moneyRecordTargets } from './user-records.ts';
export {
  searchDepositsForOperator,
  searchPayoutMethodsForOperator,
  searchWithdrawalsForOperator,
  type DepositHit,
  type PayoutMethodHit,
  type WithdrawalHit,
} from './wallet-search.ts';
export { lastCreditedDepositAt, payoutMethodFacts, submittedSince } from './risk-facts.ts';
export { anonymisePayoutsOnClosure, undecidedMoneyOf } from './account-closing.ts';
export { moneyRecordFacts, type MoneyRecordFacts } from './case-records.ts';
