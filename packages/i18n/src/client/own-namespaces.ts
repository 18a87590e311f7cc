import { registerNamespace, unwrapJson } from './registry.ts';

/**
 * The namespaces this package owns. Each language is its own chunk so a phone downloads only the language in
 * use; a language whose file is missing falls back to English through i18next's fallbackLng.
 */
export function registerOwnNamespaces(): void {
  registerNamespace('common', (lang) => import(`../locales/${lang}/common.json`).then(unwrapJson));
  registerNamespace('errors', (lang) => import(`../locales/${lang}/errors.json`).then(unwrapJson));
}
