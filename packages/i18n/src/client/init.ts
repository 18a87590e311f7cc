import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { BCP47, LANGUAGES, isLanguage, type Language } from '@app/contracts';
import { registryBackend } from './registry.ts';
import { bcp47Plurals } from '../plurals.ts';
import { amountFormat } from '../amount-format.ts';
import { registerOwnNamespaces } from './own-namespaces.ts';
import { readStoredLanguage, storeLanguage } from './storage.ts';

let current: i18n | undefined;

/** The one i18next instance of the page (the shell creates it; remotes reach it through react-i18next). */
export function appI18n(): i18n {
  if (!current) throw new Error('i18n is not initialised: call initI18n() first');
  return current;
}

export function currentLanguage(): Language {
  const lng = current?.resolvedLanguage ?? current?.language;
  return isLanguage(lng) ? lng : readStoredLanguage();
}

function applyDocumentLanguage(lang: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = BCP47[lang];
}

/**
 * Creates and initialises the app's i18next: the stored language (default en), `common` and `errors` loaded
 * before the first render, <html lang> kept in step, and every change persisted.
 */
export async function initI18n(options: { lang?: Language; namespaces?: string[] } = {}): Promise<i18n> {
  registerOwnNamespaces();
  const lng = options.lang ?? readStoredLanguage();
  const instance = createInstance();
  instance.use(registryBackend).use(initReactI18next).use(bcp47Plurals).use(amountFormat);
  instance.on('languageChanged', (next) => {
    if (!isLanguage(next)) return;
    applyDocumentLanguage(next);
    storeLanguage(next);
  });
  await instance.init({
    lng,
    // One language's texts per page: every key exists in every language (a test enforces it), so a
    // fallback language would only be downloaded to go unused.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    // Language codes such as "kor" and "hk" are not BCP 47; keep i18next from splitting them.
    load: 'currentOnly',
    nonExplicitSupportedLngs: false,
    ns: ['common', 'errors', ...(options.namespaces ?? [])],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    // A component whose namespace has not arrived suspends until it has, so a namespace's arrival needs no
    // re-render of its own: binding to 'loaded' re-rendered every translated component on the page each time
    // a remote's texts came in (twice on Home), outside any transition, on the phone's busiest moment.
    react: { useSuspense: true, bindI18n: 'languageChanged' },
    returnNull: false,
    showSupportNotice: false,
  } as Parameters<i18n['init']>[0]);
  applyDocumentLanguage(lng);
  current = instance;
  return instance;
}

/**
 * Switches language once every namespace in use is loaded in it, so the whole page (tab labels included)
 * changes in one render instead of flashing English fallbacks.
 */
export async function changeLanguage(lang: Language): Promise<void> {
  const instance = appI18n();
  await instance.loadLanguages(lang);
  await instance.changeLanguage(lang);
}
