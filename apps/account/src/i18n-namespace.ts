import { registerNamespace, unwrapJson } from '@app/i18n/client';
import { useTranslation } from 'react-i18next';

/**
 * This remote's texts, in two namespaces of one chunk per language each, loaded into the shared i18next as they
 * are first used. NS holds what the entry screens show (sign-in, register, Mine, Home's widgets, the page titles);
 * NS_INNER the pages further in (security, limits, notifications, cases, activities, articles, support...), so
 * a cold Register, Login or Mine does not download the texts of thirty pages it does not show.
 */
export const NS = 'account';
export const NS_INNER = 'account-inner';

registerNamespace(NS, (lang) => import(/* webpackExclude: /inner/ */ `./locales/${lang}.json`).then(unwrapJson));
registerNamespace(NS_INNER, (lang) => import(`./locales/inner/${lang}.json`).then(unwrapJson));

/**
 * The texts of a page further in: its own (NS_INNER) and, where it also shows an entry text (a page title, a form
 * label), the entry namespace's, which is always loaded by then (the remote's routes name their titles from it).
 */
export function useInnerTranslation() {
  return useTranslation([NS_INNER, NS], { nsMode: 'fallback' });
}
