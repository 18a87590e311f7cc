import type { Language } from '@app/contracts';
import { EDITOR_LANGUAGES } from '../../../lib/editor-languages.ts';
import type { BroadcastBody } from '../api/broadcast-api.ts';

export type MessageText = { title: string; body: string };
export type BroadcastDraft = Record<Language, MessageText>;

export const emptyBroadcast = (): BroadcastDraft =>
  Object.fromEntries(EDITOR_LANGUAGES.map((lang) => [lang, { title: '', body: '' }])) as BroadcastDraft;

/** English needs both; another language is sent only when it has both, and half of one is a mistake to name. */
export function checkBroadcast(draft: BroadcastDraft): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const lang of EDITOR_LANGUAGES) {
    const { title, body } = draft[lang];
    const t = title.trim();
    const b = body.trim();
    if (t.length > 120) errors[`${lang}.title`] = 'broadcast.errors.titleLong';
    if (b.length > 2000) errors[`${lang}.body`] = 'broadcast.errors.bodyLong';
    if (lang === 'en') {
      if (!t) errors['en.title'] = 'broadcast.errors.englishRequired';
      if (!b) errors['en.body'] = 'broadcast.errors.englishRequired';
    } else if (!t && b) errors[`${lang}.title`] = 'broadcast.errors.both';
    else if (t && !b) errors[`${lang}.body`] = 'broadcast.errors.both';
  }
  return errors;
}

export function broadcastBodyOf(draft: BroadcastDraft, reason: string): BroadcastBody {
  const translations: BroadcastBody['translations'] = {};
  for (const lang of EDITOR_LANGUAGES) {
    if (lang === 'en') continue;
    const title = draft[lang].title.trim();
    const body = draft[lang].body.trim();
    if (title && body) translations[lang] = { title, body };
  }
  return { all: true, title: draft.en.title.trim(), body: draft.en.body.trim(), translations, reason };
}
