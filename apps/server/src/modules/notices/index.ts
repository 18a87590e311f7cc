// The notices module's face: what the open page (and push) tell the user happened, read from the inbox and the
// orders through their faces. It owns no table.
export { noticeRoutes } from './notices.routes.ts';
export { noticesSince } from './notices.service.ts';
