import { useState } from 'react';
import { ACTIVITY_TYPES, type ActivityType } from '@app/contracts';
import { DefaultPage } from '@app/app-kit';
import { Cell, CellGroup, GiftIcon, Tabs } from '@app/ui';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { ActivityList } from '../features/activities/components/activity-list.tsx';
import styles from '../features/activities/components/activities.module.css';

/** The activity center: promotions and recharge activities in two tabs, and the way to the daily check-in. */
export default function ActivityCenterPage() {
  const { t } = useInnerTranslation();
  const [type, setType] = useState<ActivityType>('promotion');
  return (
    <DefaultPage title={t('titles.activityCenter')}>
      <CellGroup>
        <Cell
          title={t('checkin.title')}
          description={t('checkin.entry')}
          href="#/pages/user/activityCenter"
          icon={<GiftIcon size={22} />}
        />
      </CellGroup>
      <Tabs
        items={ACTIVITY_TYPES.map((key) => ({ key, label: t(`activities.tab.${key}`) }))}
        value={type}
        onChange={(key) => setType(key as ActivityType)}
        label={t('titles.activityCenter')}
        stretch
        idPrefix="activities"
      />
      <div id="activities-panel" role="tabpanel" aria-labelledby={`activities-tab-${type}`} className={styles.panel}>
        <ActivityList key={type} type={type} />
      </div>
    </DefaultPage>
  );
}
