// The house view's face: the operators' reading of the platform's own money (exposure, today's result, pending).
// It owns no tables: every figure comes through the ledger's, the orders' and the wallet's faces.
export { adminHouseRoutes } from './house.admin.routes.ts';
export { houseView, SOURCE_PURPOSES } from './house-view.ts';
