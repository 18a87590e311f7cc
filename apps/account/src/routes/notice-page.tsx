import { DefaultPage } from '@app/app-kit';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { ArticleList } from '../features/articles/components/article-list.tsx';
import { ArticleDetail } from '../features/articles/components/article-detail.tsx';
import { useIdParam } from '../lib/use-id-param.ts';

/** Platform notices: the list, or one notice when the address carries `?id=` (the list's links do). */
export default function NoticePage() {
  const { t } = useInnerTranslation();
  const id = useIdParam();
  if (id === undefined)
    return (
      <DefaultPage title={t('titles.notice')} backTo="/pages/user/user">
        <ArticleList kind="notice" />
      </DefaultPage>
    );
  return (
    <DefaultPage title={t('articles.noticeDetailsTitle')} backTo="/pages/user/notice">
      <ArticleDetail kind="notice" id={id} />
    </DefaultPage>
  );
}
