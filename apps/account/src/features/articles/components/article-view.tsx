import type { ContentDetail } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { RichText } from '../../../lib/rich-text/rich-text.tsx';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import styles from './articles.module.css';

/** A notice or news article: title, date, and its sanitised body (or the summary when it has no body). */
export function ArticleView({ article }: { article: ContentDetail }) {
  const { t, i18n } = useInnerTranslation();
  const { dateTime } = useFormatters();
  return (
    <article className={styles.article} data-testid="article">
      <h2 className={styles.articleTitle}>{article.title}</h2>
      <time className={styles.meta} dateTime={new Date(article.published_at * 1000).toISOString()}>
        {t('articles.published', { date: dateTime(article.published_at) })}
      </time>
      {article.lang !== i18n.language && <p className={styles.note}>{t('articles.fallback')}</p>}
      {article.body ? <RichText html={article.body} /> : <p className={styles.lead}>{article.summary}</p>}
    </article>
  );
}
