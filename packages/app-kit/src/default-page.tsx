import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar, Page } from '@app/ui';
import { useGoBack } from './use-go-back.ts';
import { usePageMeta } from './use-page-meta.ts';
import { Loading } from './loading.tsx';

export type DefaultPageProps = {
  /** Shown in the nav bar and, with the app's name, as the document's title. */
  title: string;
  /** The page's <meta name="description"> (the app's default when left out). */
  description?: string;
  children: ReactNode;
  padded?: boolean;
  /** The custom (brand) bar, on the pages the spec lists. */
  custom?: boolean;
  /** A tab page: no back button, the tab bar is the way around. */
  tab?: boolean;
  /** Where back leads when the page was opened directly (a product page goes back to the quotes). */
  backTo?: string;
};

/**
 * A page with its nav bar: the spec's default bar (title + back), or the custom (brand) bar on the pages the
 * spec lists. It also sets the document's title and description for the page.
 */
export function DefaultPage({ title, description, children, padded, custom, tab, backTo = '/' }: DefaultPageProps) {
  const { t } = useTranslation();
  const goBack = useGoBack(backTo);
  usePageMeta(title, description);
  return (
    <Page
      padded={padded}
      nav={
        <NavBar
          title={title}
          variant={custom ? 'brand' : 'default'}
          onBack={tab ? undefined : goBack}
          backLabel={t('actions.back')}
        />
      }
    >
      {/* Whatever inside waits for code or texts (a lazy part, a namespace) waits under the nav bar: on a slow
          network the remote's page-wide fallback had replaced the whole frame with a headerless spinner. */}
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </Page>
  );
}
