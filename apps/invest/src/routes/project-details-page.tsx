import { useTranslation } from 'react-i18next';
import { EmptyState, ProjectIcon } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage } from '../lib/default-page.tsx';
import links from '../lib/link-button.module.css';

/** Project details (custom bar). No project can be opened yet, so any address here finds none. */
export default function ProjectDetailsPage() {
  const { t } = useTranslation(NS);
  return (
    <DefaultPage title={t('details.title')} custom>
      <EmptyState
        icon={<ProjectIcon />}
        title={t('details.notFound')}
        action={
          <a className={links.primary} href="#/pages/project/project">
            {t('details.toList')}
          </a>
        }
      />
    </DefaultPage>
  );
}
