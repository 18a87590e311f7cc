import { createInstance, type i18n, type TOptions } from 'i18next';
import { LANGUAGES, DEFAULT_LANGUAGE, isLanguage, type Language, type MessageKey } from '@app/contracts';
import { loadErrorCatalogues } from './error-resources.ts';

/**
 * The server's view of the `errors` namespace: the same texts the client shows, rendered with the
 * same interpolation, so a refusal reads the same wherever it is displayed.
 */
export type Translate = (lang: Language, key: MessageKey, params?: Record<string, string | number>) => string;

let instance: i18n | undefined;

function catalogue(): i18n {
  if (instance) return instance;
  const resources = Object.fromEntries(
    Object.entries(loadErrorCatalogues()).map(([lang, errors]) => [lang, { errors }]),
  );
  instance = createInstance();
  void instance.init({
    resources,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ['errors'],
    defaultNS: 'errors',
    initAsync: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  } as Parameters<i18n['init']>[0]);
  return instance;
}

export const translate: Translate = (lang, key, params) =>
  catalogue().getFixedT(lang, 'errors')(key, params as TOptions);

/** Picks the first supported language from the `lang` / `language` headers; English otherwise. */
export function pickLanguage(...candidates: Array<string | string[] | undefined>): Language {
  for (const candidate of candidates) {
    const value = Array.isArray(candidate) ? candidate[0] : candidate;
    if (isLanguage(value)) return value;
  }
  return DEFAULT_LANGUAGE;
}
