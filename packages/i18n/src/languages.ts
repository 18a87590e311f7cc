export { LANGUAGES, DEFAULT_LANGUAGE, BCP47, isLanguage, type Language } from '@app/contracts';
