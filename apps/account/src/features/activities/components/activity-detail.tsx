import { useState } from 'react';
import { isApiError } from '@app/api-client';
import { LoadError, Loading } from '@app/app-kit';
import { Badge, EmptyState, GiftIcon } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { RichText } from '../../../lib/rich-text/rich-text.tsx';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import { ActivityPeriod } from './activity-period.tsx';
import { useGetActivityQuery } from '../api/activities-api.ts';
import styles from './activities.module.css';

/** One activity: what it is, when it runs, its stated rules, and where to take part (an in-app link). */
export function ActivityDetail({ id }: { id: number | null }) {
  const { t, i18n } = useInnerTranslation();
  // Read once per mount: whether the activity has started or ended does not need to tick.
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  // currentData: the answer for this id only (data would keep showing the previous article meanwhile).
  const { currentData: data, error, isFetching, refetch } = useGetActivityQuery(id ?? 0, { skip: id === null });
  if (isFetching && !data) return <Loading lines={8} />;
  if (!data) {
    if (id !== null && error && !(isApiError(error) && error.key === 'no_data'))
      return <LoadError error={error} onRetry={() => void refetch()} />;
    return (
      <EmptyState
        icon={<GiftIcon />}
        title={t('activities.notFound')}
        action={
          <LinkButton variant="secondary" href="#/pages/activitycenter/activitycenter">
            {t('titles.activityCenter')}
          </LinkButton>
        }
      />
    );
  }
  const inApp = data.link?.startsWith('#/') ? data.link : null;
  return (
    <article className={styles.detail} data-tone={data.tone} data-testid="activity-detail">
      {data.activity_type && (
        <span>
          <Badge tone={data.activity_type === 'recharge' ? 'up' : 'gold'}>
            {t(`activities.type.${data.activity_type}`)}
          </Badge>
        </span>
      )}
      <h2 className={styles.detailTitle}>{data.title}</h2>
      <ActivityPeriod activity={data} now={now} />
      {data.lang !== i18n.language && <p className={styles.note}>{t('articles.fallback')}</p>}
      {data.summary && <p className={styles.summary}>{data.summary}</p>}
      {/* The body is the operator's statement of the rules, with its own headings. */}
      {data.body ? <RichText html={data.body} /> : <p className={styles.summary}>{t('activities.noRules')}</p>}
      {inApp && (
        <LinkButton href={inApp} block>
          {t('activities.takePart')}
        </LinkButton>
      )}
    </article>
  );
}
