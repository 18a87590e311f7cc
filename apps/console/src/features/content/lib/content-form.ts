import type { AdminContentItem, ContentKind, Language } from '@app/contracts';
import { EDITOR_LANGUAGES } from '../../../lib/editor-languages.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/editor-time.ts';
import type { ContentCreate, ContentFields } from '../api/content-api.ts';

export const CONTENT_TONES = ['brand', 'up', 'gold', 'info', 'violet'] as const;
export type ContentTextDraft = { title: string; summary: string; body: string };

/** The editor's state: every field as typed (times as `datetime-local` text), every language, written or not. */
export type ContentDraft = {
  kind: ContentKind;
  slug: string;
  link: string;
  tone: string;
  activity_type: 'promotion' | 'recharge';
  starts_at: string;
  ends_at: string;
  pinned: boolean;
  sort: string;
  publish_at: string;
  texts: Record<Language, ContentTextDraft>;
};

const empty = (): ContentTextDraft => ({ title: '', summary: '', body: '' });

export function draftOf(
  item: AdminContentItem | null,
  kind: ContentKind = 'notice',
  now = Date.now() / 1000,
): ContentDraft {
  const texts = Object.fromEntries(
    EDITOR_LANGUAGES.map((lang) => [lang, { ...empty(), ...(item?.translations[lang] ?? {}) }]),
  ) as Record<Language, ContentTextDraft>;
  return {
    kind: item?.kind ?? kind,
    slug: item?.slug ?? '',
    link: item?.link ?? '',
    tone: item?.tone ?? 'brand',
    activity_type: item?.activity_type ?? 'promotion',
    starts_at: toLocalInput(item?.starts_at),
    ends_at: toLocalInput(item?.ends_at),
    pinned: item?.pinned ?? false,
    sort: String(item?.sort ?? 0),
    publish_at: toLocalInput(item?.publish_at ?? Math.floor(now)),
    texts,
  };
}

/** A language counts as written when it has a title; the others are left out and their readers see English. */
export const writtenLanguages = (draft: ContentDraft) =>
  EDITOR_LANGUAGES.filter((lang) => draft.texts[lang].title.trim() !== '');

/** What a reader of `lang` is shown: their own text, or English when theirs has no title. */
export function shownText(draft: ContentDraft, lang: Language): { lang: Language; text: ContentTextDraft } {
  return draft.texts[lang].title.trim() ? { lang, text: draft.texts[lang] } : { lang: 'en', text: draft.texts.en };
}

export type ContentErrors = Partial<Record<string, string>>;

/**
 * Checks the draft as the server would, naming each wrong field with a message key. `before` is the saved item:
 * a language once written cannot be emptied (the server keeps it), only changed.
 */
export function checkContent(draft: ContentDraft, before: AdminContentItem | null): ContentErrors {
  const errors: ContentErrors = {};
  if (!before && !/^[a-z0-9-]{2,60}$/.test(draft.slug)) errors.slug = 'content.errors.slug';
  if (draft.link && !/^#\/pages\/[A-Za-z0-9/_?=&.-]*$/.test(draft.link)) errors.link = 'content.errors.link';
  if (!/^\d{1,4}$/.test(draft.sort) || Number(draft.sort) > 1000) errors.sort = 'content.errors.sort';
  if (fromLocalInput(draft.publish_at) === null) errors.publish_at = 'content.errors.time';
  if (draft.kind === 'activity') {
    const starts = fromLocalInput(draft.starts_at);
    const ends = fromLocalInput(draft.ends_at);
    if (draft.starts_at && starts === null) errors.starts_at = 'content.errors.time';
    if (draft.ends_at && ends === null) errors.ends_at = 'content.errors.time';
    if (starts !== null && ends !== null && ends <= starts) errors.ends_at = 'content.errors.endsBeforeStart';
  }
  if (!draft.texts.en.title.trim()) errors['en.title'] = 'content.errors.englishRequired';
  for (const lang of EDITOR_LANGUAGES) {
    const text = draft.texts[lang];
    if (text.title.length > 120) errors[`${lang}.title`] = 'content.errors.titleLong';
    if (text.summary.length > 400) errors[`${lang}.summary`] = 'content.errors.summaryLong';
    if (lang !== 'en' && !text.title.trim() && (text.summary.trim() || text.body.trim()))
      errors[`${lang}.title`] = 'content.errors.titleNeeded';
    if (lang !== 'en' && before?.translations[lang] && !text.title.trim())
      errors[`${lang}.title`] = 'content.errors.cannotEmpty';
  }
  return errors;
}

/** The fields to send: times in seconds, only the written languages. */
export function fieldsOf(draft: ContentDraft): ContentFields {
  const activity = draft.kind === 'activity';
  return {
    link: draft.link.trim() || null,
    tone: draft.tone,
    activity_type: activity ? draft.activity_type : null,
    starts_at: activity ? fromLocalInput(draft.starts_at) : null,
    ends_at: activity ? fromLocalInput(draft.ends_at) : null,
    pinned: draft.pinned,
    sort: Number(draft.sort),
    publish_at: fromLocalInput(draft.publish_at)!,
    translations: Object.fromEntries(
      writtenLanguages(draft).map((lang) => [
        lang,
        {
          title: draft.texts[lang].title.trim(),
          summary: draft.texts[lang].summary.trim(),
          body: draft.texts[lang].body,
        },
      ]),
    ),
  };
}

export const createBodyOf = (draft: ContentDraft, reason: string): ContentCreate => ({
  ...fieldsOf(draft),
  kind: draft.kind,
  slug: draft.slug,
  reason,
});
