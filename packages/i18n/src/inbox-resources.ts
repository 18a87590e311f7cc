import { LANGUAGES, type Language } from '@app/contracts';
import en from './locales/en/inbox.json' with { type: 'json' };
import de from './locales/de/inbox.json' with { type: 'json' };
import es from './locales/es/inbox.json' with { type: 'json' };
import fr from './locales/fr/inbox.json' with { type: 'json' };
import hk from './locales/hk/inbox.json' with { type: 'json' };
import jp from './locales/jp/inbox.json' with { type: 'json' };
import kor from './locales/kor/inbox.json' with { type: 'json' };
import th from './locales/th/inbox.json' with { type: 'json' };
import zh from './locales/zh/inbox.json' with { type: 'json' };
import vi from './locales/vi/inbox.json' with { type: 'json' };

/** What an inbox message of one kind says: `{{name}}` is the message's parameter of that name. */
export type InboxText = { title: string; body: string };
/** One language's `inbox` namespace: a text for each kind of message the platform sends. */
export type InboxCatalogue = Record<string, InboxText>;

const catalogues: Record<Language, InboxCatalogue> = { en, de, es, fr, hk, jp, kor, th, zh, vi };

/** Every language's `inbox` namespace, for the server and for the completeness test. */
export function loadInboxCatalogues(): Record<Language, InboxCatalogue> {
  return Object.fromEntries(LANGUAGES.map((l) => [l, catalogues[l]])) as Record<Language, InboxCatalogue>;
}

/** The kinds of message the platform sends (a new kind needs its texts in every language). */
export const INBOX_KINDS: readonly string[] = Object.keys(en);
