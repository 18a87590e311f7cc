import '../i18n-namespace.ts';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Delayed, Spinner } from '@app/ui';
import { NS } from '../i18n-namespace.ts';

const ProjectPage = lazy(() => import('../routes/project-page.tsx'));
const ProjectDetailsPage = lazy(() => import('../routes/project-details-page.tsx'));
const MyProjectPage = lazy(() => import('../routes/my-project-page.tsx'));

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
