import { DefaultPage } from '@app/app-kit';
import { Cell, CellGroup, GiftIcon } from '@app/ui';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { CheckinCard } from '../features/checkin/components/checkin-card.tsx';

/** The user's side of the activity center: the daily check-in, and the way to every activity. */
export default function UserActivityCenterPage() {
  const { t } = useInnerTranslation();
  return (
    <DefaultPage title={t('checkin.pageTitle')} backTo="/pages/user/user">
      <CheckinCard />
      <CellGroup>
        <Cell
          title={t('titles.activityCenter')}
          description={t('activities.entry')}
          href="#/pages/activitycenter/activitycenter"
          icon={<GiftIcon size={22} />}
        />
      </CellGroup>
    </DefaultPage>
  );
}
