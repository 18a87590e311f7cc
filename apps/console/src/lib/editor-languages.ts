import type { Language } from '@app/contracts';

/**
 * The app's ten languages in the order the editors show them: English first (required, and what a reader whose
 * language is missing sees), then the languages of most readers.
 */
export const EDITOR_LANGUAGES = [
  'en',
  'zh',
  'hk',
  'jp',
  'kor',
  'th',
  'vi',
  'de',
  'fr',
  'es',
] as const satisfies readonly Language[];
export type EditorLanguage = (typeof EDITOR_LANGUAGES)[number];

/** Each language's own name, as its readers write it (the same in both console languages). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh: '简体中文',
  hk: '繁體中文',
  jp: '日本語',
  kor: '한국어',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
};

/** Money typed in U: digits with at most two decimals (the server reads the same). */
export const MONEY_INPUT = /^\d{1,12}(\.\d{1,2})?$/;
/** A percentage with at most two decimals, 0 to 100. */
export const PERCENT_INPUT = /^\d{1,3}(\.\d{1,2})?$/;
export const isPercent = (text: string) => PERCENT_INPUT.test(text) && Number(text) <= 100;
