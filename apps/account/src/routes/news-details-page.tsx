import { useTranslation } from 'react-i18next';
import { DefaultPage } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { ArticleDetail } from '../features/articles/components/article-detail.tsx';
import { useIdParam } from '../lib/use-id-param.ts';

/** One news article: /pages/news/details?id=. */
export default function NewsDetailsPage() {
  const { t } = useTranslation(NS);
  return (
    <DefaultPage title={t('titles.newsDetails')} backTo="/pages/news/news">
      <ArticleDetail kind="news" id={useIdParam() ?? null} />
    </DefaultPage>
  );
}
