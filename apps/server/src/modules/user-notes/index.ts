// The user-notes module's face: operators' notes and tags on a user (the console's user page and queues).
export { adminUserNoteRoutes } from './user-notes.admin.routes.ts';
