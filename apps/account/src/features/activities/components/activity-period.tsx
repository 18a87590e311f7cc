import type { ContentSummary } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import styles from './activities.module.css';

/** When an activity runs, in words: starts on, runs until, or open-ended. */
export function ActivityPeriod({ activity, now }: { activity: ContentSummary; now: number }) {
  const { t } = useInnerTranslation();
  const { date } = useFormatters();
  const { starts_at: starts, ends_at: ends } = activity;
  const text =
    starts !== null && starts > now
      ? t('activities.startsOn', { date: date(starts) })
      : ends !== null && ends < now
        ? t('activities.ended')
        : ends !== null
          ? t('activities.until', { date: date(ends) })
          : t('activities.ongoing');
  return <span className={styles.period}>{text}</span>;
}
