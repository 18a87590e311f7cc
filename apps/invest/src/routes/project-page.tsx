import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanFilter } from '@app/contracts';
import { Tabs } from '@app/ui';
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
