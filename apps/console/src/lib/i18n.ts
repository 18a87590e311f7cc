import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enBase from '../locales/en.json';
import zhBase from '../locales/zh.json';
import enEditors from '../locales/editors.en.json';
import zhEditors from '../locales/editors.zh.json';

// The editors' texts (content, plans, settings, house) are a file of their own per language, merged at the top
// level: their sections never share a top-level key with the base catalogue (locales.test.ts checks).
export const en = { ...enBase, ...enEditors };
export const zh = { ...zhBase, ...zhEditors };

/** The console speaks English and Simplified Chinese; the server is asked in the same language (`lang`). */
export const CONSOLE_LANGUAGES = ['en', 'zh'] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];
export const NS = 'console';

const STORAGE_KEY = 'console.lang';
const HTML_LANG: Record<ConsoleLanguage, string> = { en: 'en', zh: 'zh-Hans' };

export const isConsoleLanguage = (value: unknown): value is ConsoleLanguage => value === 'en' || value === 'zh';

function storedLanguage(): ConsoleLanguage {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (isConsoleLanguage(stored)) return stored;
  } catch {
    // storage unavailable (private mode): fall through to the browser's language
  }
  return globalThis.navigator?.language?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

let instance: i18n | undefined;

/** The console's i18next: both languages are bundled (they are small), the choice is kept in localStorage. */
export function createConsoleI18n(lng: ConsoleLanguage = storedLanguage()): i18n {
  const next = createInstance();
  next.use(initReactI18next);
  void next.init({
    lng,
    fallbackLng: 'en',
    supportedLngs: [...CONSOLE_LANGUAGES],
    resources: { en: { [NS]: en }, zh: { [NS]: zh } },
    ns: [NS],
    defaultNS: NS,
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
    showSupportNotice: false,
  } as Parameters<i18n['init']>[0]);
  next.on('languageChanged', (lang) => {
    if (!isConsoleLanguage(lang)) return;
    if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, lang);
    } catch {
      // not kept: the choice lasts for this page
    }
  });
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lng];
  instance = next;
  return next;
}

/** The language the server is asked to answer in (the `lang` header of every request). */
export function consoleLanguage(): ConsoleLanguage {
  const lng = instance?.resolvedLanguage ?? instance?.language;
  return isConsoleLanguage(lng) ? lng : 'en';
}
