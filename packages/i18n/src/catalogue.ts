import { createInstance, type i18n, type TOptions } from 'i18next';
import { LANGUAGES, DEFAULT_LANGUAGE, isLanguage, type Language, type MessageKey } from '@app/contracts';
import { loadErrorCatalogues } from './error-resources.ts';
import { INBOX_KINDS, loadInboxCatalogues, type InboxText } from './inbox-resources.ts';
import { bcp47Plurals } from './plurals.ts';
import { amountFormat } from './amount-format.ts';

export { INBOX_KINDS, type InboxText };

/**
 * The server's view of the `errors` and `inbox` namespaces: the same texts the client shows, rendered with the
 * same interpolation, so a refusal or a message reads the same wherever it is displayed.
 */
export type Translate = (lang: Language, key: MessageKey, params?: Record<string, string | number>) => string;

let instance: i18n | undefined;

function catalogue(): i18n {
  if (instance) return instance;
  const inbox = loadInboxCatalogues();
  const resources = Object.fromEntries(
    Object.entries(loadErrorCatalogues()).map(([lang, errors]) => [lang, { errors, inbox: inbox[lang as Language] }]),
  );
  instance = createInstance().use(bcp47Plurals).use(amountFormat);
  void instance.init({
    resources,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ['errors', 'inbox'],
    defaultNS: 'errors',
    initAsync: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  } as Parameters<i18n['init']>[0]);
  return instance;
}

// Every answer carries a text; one without parameters is the same string each time, so it is made once.
const plain = new Map<string, string>();

export const translate: Translate = (lang, key, params) => {
  if (params) return catalogue().getFixedT(lang, 'errors')(key, params as TOptions);
  const id = `${lang}\n${key}`;
  let text = plain.get(id);
  if (text === undefined) {
    text = catalogue().getFixedT(lang, 'errors')(key);
    plain.set(id, text);
  }
  return text;
};

/**
 * An inbox message of a known kind in the reader's language (English where a text is missing), its parameters
 * filled in; null for a kind with no texts. A parameter the message does not carry stays as its placeholder.
 */
export function translateInbox(lang: Language, kind: string, params: Record<string, unknown>): InboxText | null {
  if (!INBOX_KINDS.includes(kind)) return null;
  const t = catalogue().getFixedT(lang, 'inbox');
  // The parameters go in `replace`, so that one named like an option of i18next (count, context) stays a value.
  const options = {
    replace: params,
    missingInterpolationHandler: (_text: string, match: RegExpExecArray) => `{${match[1]!.split(',')[0]!.trim()}}`,
  } as TOptions;
  return { title: t(`${kind}.title`, options), body: t(`${kind}.body`, options) };
}

/** Picks the first supported language from the `lang` / `language` headers; English otherwise. */
export function pickLanguage(...candidates: Array<string | string[] | undefined>): Language {
  for (const candidate of candidates) {
    const value = Array.isArray(candidate) ? candidate[0] : candidate;
    if (isLanguage(value)) return value;
  }
  return DEFAULT_LANGUAGE;
}
