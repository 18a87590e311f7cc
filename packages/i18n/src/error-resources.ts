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

export type ErrorCatalogue = Record<string, string>;

const catalogues: Record<Language, ErrorCatalogue> = { en, de, es, fr, hk, jp, kor, th, zh, vi };

/** Every language's `errors` namespace, for the server and for tests that compare languages. */
export function loadErrorCatalogues(): Record<Language, ErrorCatalogue> {
  return Object.fromEntries(LANGUAGES.map((l) => [l, catalogues[l]])) as Record<Language, ErrorCatalogue>;
}
