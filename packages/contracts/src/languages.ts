/** The codes the app stores and sends in the lang / language headers. */
export const LANGUAGES = ['en', 'de', 'es', 'fr', 'hk', 'jp', 'kor', 'th', 'zh', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** BCP 47 tags for Intl, plural rules and <html lang>. */
export const BCP47: Record<Language, string> = {
  en: 'en',
  de: 'de',
  es: 'es',
  fr: 'fr',
  hk: 'zh-Hant',
  jp: 'ja',
  kor: 'ko',
  th: 'th',
  zh: 'zh-Hans',
  vi: 'vi',
};

/** The BCP 47 tag of a stored language code, for a `lang` attribute; undefined for one the app does not know. */
export const bcp47Of = (code: string | null | undefined): string | undefined =>
  isLanguage(code) ? BCP47[code] : undefined;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
