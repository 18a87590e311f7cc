import '../i18n-namespace.ts';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Delayed, Spinner } from '@app/ui';
import { NS } from '../i18n-namespace.ts';

/* Each page is its own chunk, named after its route so the page's boot script preloads it with the remote. */
const ProjectPage = lazy(
  () => import(/* webpackChunkName: "page-pages-project-project" */ '../routes/project-page.tsx'),
);
const ProjectDetailsPage = lazy(
  () => import(/* webpackChunkName: "page-pages-project-details" */ '../routes/project-details-page.tsx'),
);
const MyProjectPage = lazy(
  () => import(/* webpackChunkName: "page-pages-project-myproject" */ '../routes/my-project-page.tsx'),
);

/** The invest remote's pages under the shell's router. */
export default function InvestRoutes() {
  const { t } = useTranslation(NS);
  return (
    <Suspense
      fallback={
        <Delayed>
          <Spinner label={t('states.loading', { ns: 'common' })} />
        </Delayed>
      }
    >
      <Routes>
        <Route path="/pages/project/project" element={<ProjectPage />} />
        <Route path="/pages/project/details" element={<ProjectDetailsPage />} />
        <Route path="/pages/project/myproject" element={<MyProjectPage />} />
      </Routes>
    </Suspense>
  );
}
