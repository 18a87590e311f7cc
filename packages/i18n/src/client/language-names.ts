import type { Language } from '@app/contracts';

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  hk: '繁體中文',
  jp: '日本語',
  kor: '한국어',
  th: 'ไทย',
  zh: '简体中文',
  vi: 'Tiếng Việt',
};
