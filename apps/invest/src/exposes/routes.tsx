import '../i18n-namespace.ts';
import { page, pageRoutes } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';

/**
 * The invest remote's pages: the one place each is declared (see docs/front-end.md). Each page is its own chunk,
 * which the page's boot script preloads with the remote.
 */
export const PAGES = [
  page({
    path: '/pages/project/project',
    load: () => import(/* webpackChunkName: "page-pages-project-project" */ '../routes/project-page.tsx'),
    head: { kind: 'risk', nav: 'brand', texts: ['risk.line', '', 'project.title'] },
  }),
  page({
    path: '/pages/project/details',
    load: () => import(/* webpackChunkName: "page-pages-project-details" */ '../routes/project-details-page.tsx'),
  }),
  page({
    path: '/pages/project/myproject',
    load: () => import(/* webpackChunkName: "page-pages-project-myproject" */ '../routes/my-project-page.tsx'),
  }),
  page({
    path: '/pages/project/flexible',
    load: () => import(/* webpackChunkName: "page-pages-project-flexible" */ '../routes/flexible-page.tsx'),
  }),
];

export default pageRoutes(PAGES, NS);
