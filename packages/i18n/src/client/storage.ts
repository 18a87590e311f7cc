import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@app/contracts';

/** The spec keeps the chosen language in local storage under `lang`; the api-client sends the same value. */
export const LANG_STORAGE_KEY = 'lang';

export function readStoredLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANG_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be unavailable (private mode, sandboxed frames): fall back to the default.
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(lang: Language): void {
  try {
    globalThis.localStorage?.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Not persisted this time; the language still applies for the session.
  }
}
