import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar, Page } from '@app/ui';
import { useGoBack, usePageMeta } from '@app/app-kit';
import { LanguageButton } from '../features/language/components/language-button.tsx';
import styles from '../features/session/components/auth-layout.module.css';

/**
 * Login and register: a transparent bar (back, language) over the page's big heading and its subtitle, which
 * are also the document's title and description.
 */
export function AuthPage({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  usePageMeta(title, subtitle);
  return (
    <Page
      nav={<NavBar variant="transparent" onBack={goBack} backLabel={t('actions.back')} right={<LanguageButton />} />}
    >
      <div className={styles.head}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.subtitle}>{subtitle}</p>
      </div>
      {children}
    </Page>
  );
}
