import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar, Page } from '@app/ui';
import { useGoBack } from './use-go-back.ts';

/** The spec's default bar (title + back) over the page's content. */
export function DefaultPage({ title, children, padded, backTo }: { title: string; children: ReactNode; padded?: boolean; backTo?: string }) {
  const { t } = useTranslation();
  const goBack = useGoBack(backTo);
  return (
    <Page padded={padded} nav={<NavBar title={title} onBack={goBack} backLabel={t('actions.back')} />}>
      {children}
    </Page>
  );
}
