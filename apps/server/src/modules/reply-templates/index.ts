// The reply-templates module's face: operators' named wordings, each with a text per app language, and the wording
// an act tells its user with (rendered in the user's language).
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { adminReplyTemplateRoutes } from './reply-templates.admin.routes.ts';
export { wordingFor, wordingIfChosen } from './reply-templates.service.ts';
