import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@app/ui';
import { DefaultPage } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { BalanceCard } from '../features/my-projects/components/balance-card.tsx';
import { HoldingList } from '../features/my-projects/components/holding-list.tsx';

const FILTERS = ['all', '1', '3', '2'] as const;
type Filter = (typeof FILTERS)[number];

/** My projects: the Yuebao balance card, then the holdings by status. */
export default function MyProjectPage() {
  const { t } = useTranslation(NS);
  const [filter, setFilter] = useState<Filter>('all');
  const status = filter === 'all' ? undefined : (Number(filter) as 1 | 2 | 3);
  return (
    <DefaultPage title={t('mine.title')} custom>
      <BalanceCard />
      <Tabs
        idPrefix="holdings"
        stretch
        label={t('mine.filterLabel')}
        items={FILTERS.map((key) => ({ key, label: t(key === 'all' ? 'mine.all' : `status.${key}`) }))}
        value={filter}
        onChange={(key) => setFilter(key as Filter)}
      />
      <div id="holdings-panel" role="tabpanel" aria-labelledby={`holdings-tab-${filter}`}>
        <HoldingList status={status} />
      </div>
    </DefaultPage>
  );
}
