// The adjustments module's face: operators' credits and debits of a user's balance (four-eyes above the threshold).
export { adminAdjustmentRoutes } from './adjustments.admin.routes.ts';
export { adjustmentsWaiting, waitingAdjustments } from './waiting-adjustments.ts';
export { adjustmentReference, adjustmentsById, holdCredit } from './adjustments.service.ts';
export { adjustmentHooks, type AdjustmentDecided } from './adjustment-hooks.ts';
