import {
  REPLY_TEMPLATE_NAME_MAX,
  REPLY_TEMPLATE_TEXT_MAX,
  REPLY_TEMPLATE_USES,
  type Language,
  type ReplyTemplate,
  type ReplyTemplateBody,
  type ReplyTemplateUse,
} from '@app/contracts';
import { EDITOR_LANGUAGES } from '../../../lib/editor-languages.ts';

/** A template as the editor holds it: every language's text, empty where none is written. */
export type TemplateDraft = { name: string; uses: ReplyTemplateUse[]; texts: Record<Language, string> };

export const draftOf = (template: ReplyTemplate | null): TemplateDraft => ({
  name: template?.name ?? '',
  uses: template ? [...template.uses] : [],
  texts: Object.fromEntries(EDITOR_LANGUAGES.map((lang) => [lang, template?.texts[lang] ?? ''])) as Record<
    Language,
    string
  >,
});

/** What the form must fix before it is sent (the server checks the same), by field: a key of `templates.errors`. */
export function checkTemplate(draft: TemplateDraft): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  const name = draft.name.trim();
  if (name.length < 2 || name.length > REPLY_TEMPLATE_NAME_MAX) errors.name = 'templates.errors.name';
  if (draft.uses.length === 0) errors.uses = 'templates.errors.uses';
  if (!draft.texts.en.trim()) errors.en = 'templates.errors.english';
  for (const lang of EDITOR_LANGUAGES)
    if (draft.texts[lang].trim().length > REPLY_TEMPLATE_TEXT_MAX) errors[lang] = 'templates.errors.long';
  return errors;
}

/** The request body: the acts in their fixed order, every language's text trimmed (an empty one is none). */
export const bodyOf = (draft: TemplateDraft, reason: string): ReplyTemplateBody => ({
  name: draft.name.trim(),
  uses: REPLY_TEMPLATE_USES.filter((u) => draft.uses.includes(u)),
  texts: Object.fromEntries(
    EDITOR_LANGUAGES.map((lang) => [lang, draft.texts[lang].trim()]),
  ) as ReplyTemplateBody['texts'],
  reason,
});
