import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar, Page } from '@app/ui';
import { useGoBack } from './use-go-back.ts';

/**
 * A page with its nav bar: the spec's default bar (title + back), or the custom (brand) bar on the pages
 * the spec lists. A tab page has no back button: the tab bar is the way around.
 */
export function DefaultPage({
  title,
  children,
  custom,
  tab,
}: {
  title: string;
  children: ReactNode;
  custom?: boolean;
  tab?: boolean;
}) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <Page
      nav={
        <NavBar
          title={title}
          variant={custom ? 'brand' : 'default'}
          onBack={tab ? undefined : goBack}
          backLabel={t('actions.back')}
        />
      }
    >
      {children}
    </Page>
  );
}
