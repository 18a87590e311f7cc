// The data-export module's face: a user's copy of everything the platform holds about them.
// It owns no table; its sections read the owners' tables (test/architecture/table-owners.test.ts says why).
export { dataExportRoutes } from './data-export.routes.ts';
export { exportUserData } from './data-export.service.ts';
