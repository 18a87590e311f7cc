import { isApiError } from '@app/api-client';
import { LoadError, Loading } from '@app/app-kit';
import { EmptyState } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import { ArticleView } from './article-view.tsx';
import { useGetNewsQuery, useGetNoticeQuery } from '../api/articles-api.ts';

const KINDS = {
  notice: { useQuery: useGetNoticeQuery, list: '#/pages/user/notice', back: 'articles.allNotices' },
  news: { useQuery: useGetNewsQuery, list: '#/pages/news/news', back: 'articles.allNews' },
} as const;

/** One notice or news article by id; a missing or withdrawn one says so and leads back to the list. */
export function ArticleDetail({ kind, id }: { kind: keyof typeof KINDS; id: number | null }) {
  const { t } = useInnerTranslation();
  const { useQuery, list, back } = KINDS[kind];
  // currentData: the answer for this id only (data would keep showing the previous article meanwhile).
  const { currentData: data, error, isFetching, refetch } = useQuery(id ?? 0, { skip: id === null });
  if (isFetching && !data) return <Loading lines={8} />;
  if (data) return <ArticleView article={data} />;
  if (id !== null && error && !(isApiError(error) && error.key === 'no_data'))
    return <LoadError error={error} onRetry={() => void refetch()} />;
  return (
    <EmptyState
      title={t('articles.notFound')}
      action={
        <LinkButton variant="secondary" href={list}>
          {t(back)}
        </LinkButton>
      }
    />
  );
}
