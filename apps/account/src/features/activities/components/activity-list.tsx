import { useState } from 'react';
import type { ActivityType } from '@app/contracts';
import { GiftIcon } from '@app/ui';
import { Loading, PagedList } from '@app/app-kit';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import { ActivityCard } from './activity-card.tsx';
import { useGetActivityPagesInfiniteQuery } from '../api/activities-api.ts';
import styles from './activities.module.css';

/** Activities of one kind (or all), current ones first: pages in as the user scrolls, refreshes on pull. */
export function ActivityList({ type }: { type?: ActivityType }) {
  const { t } = useInnerTranslation();
  const query = useGetActivityPagesInfiniteQuery(type, { refetchOnMountOrArgChange: 60 });
  // Read once per mount: which activities have started or ended does not need to tick.
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  return (
    <PagedList
      query={query}
      loading={<Loading lines={6} />}
      className={styles.list}
      testId="activity-list"
      empty={{ icon: <GiftIcon />, title: t('activities.empty'), description: t('activities.emptyNext') }}
      renderItem={(a) => <ActivityCard activity={a} now={now} />}
    />
  );
}
