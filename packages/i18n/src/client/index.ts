export { initI18n, appI18n, changeLanguage, currentLanguage } from './init.ts';
export { registerNamespace, registeredNamespaces, unwrapJson, type NamespaceLoader } from './registry.ts';
export { readStoredLanguage, storeLanguage, LANG_STORAGE_KEY } from './storage.ts';
export {
  formatMoney,
  formatNumber,
  formatPrice,
  formatDateTime,
  formatDate,
  formatDuration,
  MONEY_UNIT,
  MINUS_SIGN,
} from './formatters.ts';
export { useFormatters } from './use-formatters.ts';
export { LANGUAGES, DEFAULT_LANGUAGE, BCP47, isLanguage, type Language } from '@app/contracts';
/** Native names, shown in the language picker in their own script whatever the current language. */
export { LANGUAGE_NAMES } from './language-names.ts';
