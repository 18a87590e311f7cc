// The risk module's face: rules checked when money is asked for, the flags they raise, and their settings.
import { ownHeldChanges } from '../../platform/held-changes/held-changes.service.ts';
import { walletHooks } from '../wallet/index.ts';
import { evaluate, riskRuleOwner } from './risk.service.ts';
export { adminRiskRoutes } from './risk.admin.routes.ts';
export { listFlags as riskFlagsOf } from './risk.service.ts';

// The rules run inside the transaction that records a deposit or withdrawal (modules/wallet/wallet-hooks.ts).
walletHooks.depositSubmitted.on((tx, d) => evaluate(tx, { kind: 'deposit', ...d, at: new Date() }));
walletHooks.withdrawalSubmitted.on((tx, w) => evaluate(tx, { kind: 'withdrawal', ...w, at: new Date() }));
ownHeldChanges('risk.rule', riskRuleOwner);
