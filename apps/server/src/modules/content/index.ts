// The content module's face: news, activities, banners and the engagement settings.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { registerContentCommands } from './content.ops.ts';
export { contentRoutes } from './content.routes.ts';
export { seedContent } from './content.seed.ts';
export { loadEngage } from './engage-settings.ts';
export { loadBrand } from './brand-settings.ts';
export { adminContentRoutes } from './content.admin.routes.ts';
