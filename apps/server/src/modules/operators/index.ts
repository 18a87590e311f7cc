// The operators module's face: operator identities (passwords, authenticators, sessions, API tokens, roles), and
// the two-operator rule every held decision goes through (four-eyes, changes held for a second operator).
import { ownHeldChanges } from '../../platform/held-changes/held-changes.service.ts';
import { operatorEnableOwner, operatorInviteOwner, operatorRoleOwner } from './operators.service.ts';

export { adminOperatorRoutes } from './operators.admin.routes.ts';
export { adminSavedViewRoutes } from './saved-views.ts';
export { resolveOperator, SESSION_COOKIE } from './operator-guard.ts';
export { operatorMay } from './operator-lookup.ts';
export { fourEyesStep, type FourEyesStep } from './four-eyes.ts';

ownHeldChanges('operator.role', operatorRoleOwner);
ownHeldChanges('operator.invite', operatorInviteOwner);
ownHeldChanges('operator.enable', operatorEnableOwner);
