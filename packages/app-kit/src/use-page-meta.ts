import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrandName } from './brand-name.ts';

/** Between the page's title and the app's name in document.title. */
export const TITLE_SEPARATOR = ' · ';

function setDescription(content: string) {
  if (!content) return;
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * The document's title ("Log in · Contract Trader") and <meta name="description"> for the page that calls it,
 * in the current language: pass texts already translated (the page's own title key); the app's name and the
 * default description come from the `common` namespace. A language change re-renders the caller and updates
 * both; when the page goes away they fall back to the app's, until the next page sets its own.
 * Without a title (Home) the document's title is the app's name alone.
 */
export function usePageMeta(title?: string, description?: string) {
  const { t } = useTranslation('common');
  const appName = useBrandName();
  // Empty where the shell's `common` texts predate the key (an older shell): index.html's description stays.
  const defaultDescription = t('meta.description', { defaultValue: '' });
  const fullTitle = title && title !== appName ? `${title}${TITLE_SEPARATOR}${appName}` : appName;
  const fullDescription = description || defaultDescription;
  useEffect(() => {
    document.title = fullTitle;
    setDescription(fullDescription);
    return () => {
      document.title = appName;
      setDescription(defaultDescription);
    };
  }, [fullTitle, fullDescription, appName, defaultDescription]);
}
