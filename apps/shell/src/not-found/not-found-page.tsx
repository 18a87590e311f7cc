import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, EmptyState, NavBar, Page } from '@app/ui';
import { usePageMeta } from '@app/app-kit';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageMeta(t('notFound.title'), t('notFound.body'));
  return (
    <Page nav={<NavBar title={t('notFound.title')} onBack={() => navigate('/')} backLabel={t('actions.back')} />}>
      <EmptyState
        title={t('notFound.title')}
        description={t('notFound.body')}
        action={
          <Button variant="secondary" onClick={() => navigate('/', { replace: true })}>
            {t('notFound.home')}
          </Button>
        }
      />
    </Page>
  );
}
