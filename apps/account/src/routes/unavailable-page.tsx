import { useTranslation } from 'react-i18next';
import { EmptyState } from '@app/ui';
import { DefaultPage } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';

/**
 * A page of the spec whose feature is not built yet. It says so plainly rather than showing sample content;
 * the later issue that builds the feature replaces it.
 */
export function UnavailablePage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(NS);
  return (
    <DefaultPage title={t(titleKey)}>
      <EmptyState title={t('unavailable.title')} description={t('unavailable.body')} />
    </DefaultPage>
  );
}
