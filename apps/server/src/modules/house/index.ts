// The house view's face: the operators' reading of the platform's own money (exposure, today's result, pending).
// It owns no tables: every figure comes through the ledger's, the orders', the wallet's and the cases' faces.
export { adminHouseRoutes } from './house.admin.routes.ts';
export { houseView, SOURCE_PURPOSES } from './house-view.ts';
