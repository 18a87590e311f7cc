import { DefaultPage } from '@app/app-kit';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { ActivityList } from '../features/activities/components/activity-list.tsx';
import { ActivityDetail } from '../features/activities/components/activity-detail.tsx';
import { useIdParam } from '../lib/use-id-param.ts';

/** Every current activity; with `?id=` (the cards' links), one activity with its rules. */
export default function ActivityListPage() {
  const { t } = useInnerTranslation();
  const id = useIdParam();
  if (id === undefined)
    return (
      <DefaultPage title={t('titles.activityList')} backTo="/pages/activitycenter/activitycenter">
        <ActivityList />
      </DefaultPage>
    );
  return (
    <DefaultPage title={t('activities.detailsTitle')} backTo="/pages/activitycenter/activitycenter">
      <ActivityDetail id={id} />
    </DefaultPage>
  );
}
