import type { ContentSummary } from '@app/contracts';
import { Badge } from '@app/ui';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import { ActivityPeriod } from './activity-period.tsx';
import styles from './activities.module.css';

export const activityHref = (id: number) => `#/pages/activitycenter/activitylist?id=${id}`;

/** One activity in a list: its kind, title, summary and when it runs; opens its details and rules. */
export function ActivityCard({ activity, now }: { activity: ContentSummary; now: number }) {
  const { t } = useInnerTranslation();
  return (
    <a className={styles.card} href={activityHref(activity.id)} data-tone={activity.tone} data-testid="activity-card">
      <span className={styles.head}>
        <span className={styles.title}>{activity.title}</span>
        {activity.activity_type && (
          <Badge tone={activity.activity_type === 'recharge' ? 'up' : 'gold'}>
            {t(`activities.type.${activity.activity_type}`)}
          </Badge>
        )}
      </span>
      {activity.summary && <p className={styles.summary}>{activity.summary}</p>}
      <ActivityPeriod activity={activity} now={now} />
    </a>
  );
}
