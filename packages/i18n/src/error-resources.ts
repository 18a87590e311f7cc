import { LANGUAGES, type Language } from '@app/contracts';
import en from './locales/en/errors.json' with { type: 'json' };
import de from './locales/de/errors.json' with { type: 'json' };
import es from './locales/es/errors.json' with { type: 'json' };
import fr from './locales/fr/errors.json' with { type: 'json' };
import hk from './locales/hk/errors.json' with { type: 'json' };
import jp from './locales/jp/errors.json' with { type: 'json' };
import kor from './locales/kor/errors.json' with { type: 'json' };
import th from './locales/th/errors.json' with { type: 'json' };
import zh from './locales/zh/errors.json' with { type: 'json' };
import vi from './locales/vi/errors.json' with { type: 'json' };
import enServerOnly from './locales/en/server-only.json' with { type: 'json' };
import deServerOnly from './locales/de/server-only.json' with { type: 'json' };
import esServerOnly from './locales/es/server-only.json' with { type: 'json' };
import frServerOnly from './locales/fr/server-only.json' with { type: 'json' };
import hkServerOnly from './locales/hk/server-only.json' with { type: 'json' };
import jpServerOnly from './locales/jp/server-only.json' with { type: 'json' };
import korServerOnly from './locales/kor/server-only.json' with { type: 'json' };
import thServerOnly from './locales/th/server-only.json' with { type: 'json' };
import zhServerOnly from './locales/zh/server-only.json' with { type: 'json' };
import viServerOnly from './locales/vi/server-only.json' with { type: 'json' };

export type ErrorCatalogue = Record<string, string>;

/** The app's `errors` namespace: what the app itself shows, downloaded with every first page load. */
const app: Record<Language, ErrorCatalogue> = { en, de, es, fr, hk, jp, kor, th, zh, vi };

/**
 * Texts only the server renders, which no screen of the app looks up: refusals only an operator meets (the
 * console shows the server's own words) and the SMS bodies. Kept out of the app's catalogue so no phone
 * downloads them.
 */
const serverOnly: Record<Language, ErrorCatalogue> = {
  en: enServerOnly,
  de: deServerOnly,
  es: esServerOnly,
  fr: frServerOnly,
  hk: hkServerOnly,
  jp: jpServerOnly,
  kor: korServerOnly,
  th: thServerOnly,
  zh: zhServerOnly,
  vi: viServerOnly,
};

/** Every language's `errors` namespace as the server renders it (the app's texts and the server's own). */
export function loadErrorCatalogues(): Record<Language, ErrorCatalogue> {
  return Object.fromEntries(LANGUAGES.map((l) => [l, { ...app[l], ...serverOnly[l] }])) as Record<
    Language,
    ErrorCatalogue
  >;
}
