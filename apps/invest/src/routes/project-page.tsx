import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanFilter } from '@app/contracts';
import { Cell, CellGroup, ProjectIcon, Tabs } from '@app/ui';
import { DefaultPage } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { PlanList } from '../features/plans/components/plan-list.tsx';
import styles from './project-page.module.css';

const FILTERS = ['all', 'active', 'ended'] as const;

/** The Project tab: the spec's filter (all, in progress, ended) over the Yuebao plans. */
export default function ProjectPage() {
  const { t } = useTranslation(NS);
  const [filter, setFilter] = useState<PlanFilter>('all');
  return (
    <DefaultPage title={t('project.title')} custom tab>
      {/* Once a plan is owned, it is looked after from here: the tab leads to the user's own holdings. */}
      <CellGroup>
        <Cell title={t('mine.title')} href="#/pages/project/myproject" icon={<ProjectIcon size={22} />} arrow />
        {/* The flexible balance beside the plans: in and out at any time. */}
        <Cell
          title={t('flex.title')}
          description={t('flex.entry')}
          href="#/pages/project/flexible"
          icon={<ProjectIcon size={22} />}
          arrow
        />
      </CellGroup>
      <Tabs
        idPrefix="projects"
        stretch
        label={t('project.filterLabel')}
        items={FILTERS.map((key) => ({ key, label: t(`project.filters.${key}`) }))}
        value={filter}
        onChange={(key) => setFilter(key as PlanFilter)}
      />
      <div id="projects-panel" role="tabpanel" aria-labelledby={`projects-tab-${filter}`}>
        {/* What every plan here is and is not, before any figure: shown at once, without waiting for data. */}
        <p className={styles.risk}>{t('risk.line')}</p>
        <PlanList filter={filter} />
      </div>
    </DefaultPage>
  );
}
