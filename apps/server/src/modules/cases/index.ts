// The cases module's face: users' cases against a settled order or a refused deposit or withdrawal, and the
// operators' decisions. Other modules, the app and the jobs import this file only.
import { adjustmentHooks } from '../adjustments/index.ts';
import { onAdjustmentDecided } from './cases.service.ts';

export { caseRoutes } from './cases.routes.ts';
export { adminCaseRoutes } from './cases.admin.routes.ts';
export { caseDecisionTimes } from './cases.service.ts';
export { eraseCasesOnClosure } from './account-closing.ts';
export { waitingCases } from './waiting-cases.ts';

// A case's correction is a held adjustment: its approval decides the case, its refusal opens it again.
adjustmentHooks.decided.on(onAdjustmentDecided);
