import { registerNamespace, unwrapJson } from '@app/i18n/client';

/** This remote's texts: one chunk per language, loaded into the shared i18next when the remote is used. */
export const NS = 'wallet';

registerNamespace(NS, (lang) => import(`./locales/${lang}.json`).then(unwrapJson));
