import { z } from 'zod';
import { reasonSchema } from './admin.ts';
import { adminBulkDecisionBodySchema } from './triage.ts';
import { LANGUAGES, type Language } from './languages.ts';

/**
 * Reply templates (issue #42): named wordings an operator picks when refusing a deposit, a withdrawal or a
 * real-name request, or answering a support conversation, each with a text per app language. The server renders
 * the chosen one in the user's language (English where it has no text for it) for what the user reads: the
 * refusal's reason in the app and in the inbox, or the support answer. The operator's own reason still goes to the
 * audit log.
 */

/** The acts that offer templates. */
export const REPLY_TEMPLATE_USES = ['deposit_refuse', 'withdrawal_refuse', 'kyc_refuse', 'support_reply'] as const;
export const replyTemplateUseSchema = z.enum(REPLY_TEMPLATE_USES);
export type ReplyTemplateUse = z.infer<typeof replyTemplateUseSchema>;

/** A template's text fits wherever the user reads it: a refusal's reason is at most 500 characters. */
export const REPLY_TEMPLATE_TEXT_MAX = 500;
const templateText = z.string().trim().max(REPLY_TEMPLATE_TEXT_MAX);
const otherLanguage = templateText.optional();

/** The texts by app language: English is required (every other language falls back to it); an empty text is none. */
export const replyTemplateTextsSchema = z
  .object({
    en: templateText.min(1),
    de: otherLanguage,
    es: otherLanguage,
    fr: otherLanguage,
    hk: otherLanguage,
    jp: otherLanguage,
    kor: otherLanguage,
    th: otherLanguage,
    zh: otherLanguage,
    vi: otherLanguage,
  } satisfies Record<Language, z.ZodType>)
  .transform(
    (texts) =>
      Object.fromEntries(LANGUAGES.flatMap((lang) => (texts[lang] ? [[lang, texts[lang]]] : []))) as ReplyTemplateTexts,
  );
export type ReplyTemplateTexts = { en: string } & Partial<Record<Exclude<Language, 'en'>, string>>;

/** The text for a reader of `lang`: theirs, or English. */
export const templateTextFor = (texts: ReplyTemplateTexts, lang: Language): { lang: Language; text: string } => {
  const own = texts[lang];
  return own ? { lang, text: own } : { lang: 'en', text: texts.en };
};

export const replyTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  uses: z.array(replyTemplateUseSchema),
  texts: z.object({
    en: z.string(),
    de: z.string().optional(),
    es: z.string().optional(),
    fr: z.string().optional(),
    hk: z.string().optional(),
    jp: z.string().optional(),
    kor: z.string().optional(),
    th: z.string().optional(),
    zh: z.string().optional(),
    vi: z.string().optional(),
  } satisfies Record<Language, z.ZodType>),
  created_by: z.string(),
  created_at: z.number().int(),
  updated_by: z.string(),
  updated_at: z.number().int(),
});
export type ReplyTemplate = z.infer<typeof replyTemplateSchema>;

/** GET /admin/reply-templates: the templates in force, by name; `use` keeps those offered for one act. */
export const replyTemplateListQuerySchema = z.object({ use: replyTemplateUseSchema.optional() });
export const replyTemplateListSchema = z.object({ items: z.array(replyTemplateSchema) });
export type ReplyTemplateList = z.infer<typeof replyTemplateListSchema>;

export const REPLY_TEMPLATE_NAME_MAX = 64;
/** Create or change (the whole template each time), with the operator's reason for the audit log. */
export const replyTemplateBodySchema = z.object({
  name: z.string().trim().min(2).max(REPLY_TEMPLATE_NAME_MAX),
  uses: z
    .array(replyTemplateUseSchema)
    .min(1)
    .max(REPLY_TEMPLATE_USES.length * 2)
    .transform((uses) => REPLY_TEMPLATE_USES.filter((u) => uses.includes(u))),
  texts: replyTemplateTextsSchema,
  reason: reasonSchema,
});
export type ReplyTemplateBody = z.input<typeof replyTemplateBodySchema>;
export const replyTemplateParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const replyTemplateRemoveBodySchema = z.object({ reason: reasonSchema });

/** Which template to tell the user with (its id); omitted, the user reads the operator's reason as typed. */
export const templateIdSchema = z.coerce.number().int().positive();

/** Refusing a deposit, a withdrawal or a real-name request: the reason (audited), and the wording the user reads. */
export const adminRefusalBodySchema = z.object({ reason: reasonSchema, template_id: templateIdSchema.optional() });
export type AdminRefusalBody = z.input<typeof adminRefusalBodySchema>;
/** The same over many items of a queue (triage). */
export const adminBulkRefusalBodySchema = adminBulkDecisionBodySchema.extend({
  template_id: templateIdSchema.optional(),
});
