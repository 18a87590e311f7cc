import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ProjectIcon, Tabs } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage } from '../lib/default-page.tsx';
import links from '../lib/link-button.module.css';

const FILTERS = ['all', 'active', 'ended'] as const;
type Filter = (typeof FILTERS)[number];

/** The Project tab: the spec's filter (all, in progress, ended) over the Yuebao projects. */
export default function ProjectPage() {
  const { t } = useTranslation(NS);
  const [filter, setFilter] = useState<Filter>('all');
  return (
    <DefaultPage title={t('project.title')} custom tab>
      <Tabs
        idPrefix="projects"
        stretch
        label={t('project.filterLabel')}
        items={FILTERS.map((key) => ({ key, label: t(`project.filters.${key}`) }))}
        value={filter}
        onChange={(key) => setFilter(key as Filter)}
      />
      <div id="projects-panel" role="tabpanel" aria-labelledby={`projects-tab-${filter}`}>
        <EmptyState
          icon={<ProjectIcon />}
          title={t('project.empty')}
          description={t('project.emptyBody')}
          action={
            <a className={links.secondary} href="#/pages/project/myproject">
              {t('project.toMine')}
            </a>
          }
        />
      </div>
    </DefaultPage>
  );
}
