import { useTranslation } from 'react-i18next';
import { EmptyState, ProjectIcon } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage } from '../lib/default-page.tsx';
import links from '../lib/link-button.module.css';

export default function MyProjectPage() {
  const { t } = useTranslation(NS);
  return (
    <DefaultPage title={t('mine.title')} custom>
      <EmptyState
        icon={<ProjectIcon />}
        title={t('mine.empty')}
        action={
          <a className={links.primary} href="#/pages/project/project">
            {t('mine.toProjects')}
          </a>
        }
      />
    </DefaultPage>
  );
}
