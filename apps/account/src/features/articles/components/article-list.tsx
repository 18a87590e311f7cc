import { Loading, PagedList } from '@app/app-kit';
import { LinkButton } from '@app/ui/link-button';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import { ArticleCard } from './article-card.tsx';
import { useGetNewsPagesInfiniteQuery, useGetNoticePagesInfiniteQuery } from '../api/articles-api.ts';
import styles from './articles.module.css';

const KINDS = {
  notice: { useQuery: useGetNoticePagesInfiniteQuery, detail: '#/pages/user/notice?id=', empty: 'articles.noNotices' },
  news: { useQuery: useGetNewsPagesInfiniteQuery, detail: '#/pages/news/details?id=', empty: 'articles.noNews' },
} as const;

/** Notices or news, newest (and pinned) first: pages in as the user scrolls, refreshes on pull. */
export function ArticleList({ kind }: { kind: keyof typeof KINDS }) {
  const { t } = useInnerTranslation();
  const { useQuery, detail, empty } = KINDS[kind];
  const query = useQuery(undefined, { refetchOnMountOrArgChange: 60 });
  return (
    <PagedList
      query={query}
      loading={<Loading lines={6} />}
      className={styles.list}
      testId={`${kind}-list`}
      empty={{
        title: t(empty),
        description: t('articles.emptyNext'),
        action: (
          <LinkButton variant="secondary" href="#/">
            {t('articles.toHome')}
          </LinkButton>
        ),
      }}
      renderItem={(n) => <ArticleCard item={n} href={`${detail}${n.id}`} />}
    />
  );
}
