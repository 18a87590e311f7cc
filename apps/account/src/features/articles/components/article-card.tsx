import type { ContentSummary } from '@app/contracts';
import { Badge } from '@app/ui';
import { useFormatters } from '@app/i18n/client';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import styles from './articles.module.css';

/** One notice or news item in a list: title (pinned ones marked), two lines of summary, the date. */
export function ArticleCard({ item, href }: { item: ContentSummary; href: string }) {
  const { t } = useInnerTranslation();
  const { date } = useFormatters();
  return (
    <a className={styles.card} href={href} data-testid="article-card">
      <span className={styles.head}>
        <span className={styles.title}>{item.title}</span>
        {item.pinned && <Badge tone="primary">{t('articles.pinned')}</Badge>}
      </span>
      {item.summary && <p className={styles.summary}>{item.summary}</p>}
      <time className={styles.meta} dateTime={new Date(item.published_at * 1000).toISOString()}>
        {date(item.published_at)}
      </time>
    </a>
  );
}
