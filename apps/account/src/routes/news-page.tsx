import { useTranslation } from 'react-i18next';
import { DefaultPage } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { ArticleList } from '../features/articles/components/article-list.tsx';

/** News: operator articles, newest first, paged as the user scrolls. */
export default function NewsPage() {
  const { t } = useTranslation(NS);
  return (
    <DefaultPage title={t('titles.news')}>
      <ArticleList kind="news" />
    </DefaultPage>
  );
}
