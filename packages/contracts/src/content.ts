import { z } from 'zod';
import { LANGUAGES } from './languages.ts';
import { cappedTotal, cursorQuery, pageQuerySchema } from './page.ts';
import { cleanUserParagraphs } from './user-text.ts';
import { reasonSchema } from './admin.ts';

/**
 * Content and engagement: banners, platform notices, news and activities (operator-written, one row per
 * language, falling back to English), the user's inbox, the daily check-in, the customer-service
 * conversation and the public settings (/api/index/ater). Times are seconds; money is a decimal string in U.
 */
export const CONTENT_KINDS = ['banner', 'notice', 'news', 'activity'] as const;
export const contentKindSchema = z.enum(CONTENT_KINDS);
export type ContentKind = z.infer<typeof contentKindSchema>;

/** promotion: a campaign with rules; recharge: a recharge bonus or recharge campaign. */
export const ACTIVITY_TYPES = ['promotion', 'recharge'] as const;
export const activityTypeSchema = z.enum(ACTIVITY_TYPES);
export type ActivityType = z.infer<typeof activityTypeSchema>;

const { page, size } = pageQuerySchema({ maxSize: 50, defaultSize: 10 }).shape;
const id = z.coerce
  .number({ error: 'no_data' })
  .int('no_data')
  .positive('no_data')
  .max(2 ** 53 - 1, 'no_data');

export const contentPageQuerySchema = z.object({ page, size });
export const contentIdQuerySchema = z.object({ id });
/** /api/index/notice: a page of notices, or one notice when `id` is given. */
export const noticeQuerySchema = z.object({ id: id.optional(), page, size });
export const activityListQuerySchema = z.object({ type: activityTypeSchema.optional(), page, size });

/** One card of a list: no body. `lang` is the language actually shown (English when the user's is missing). */
export const contentSummarySchema = z.object({
  id: z.number().int(),
  kind: contentKindSchema,
  title: z.string(),
  summary: z.string(),
  lang: z.string(),
  /** In-app link ("#/pages/...") a banner or activity leads to, or null. */
  link: z.string().nullable(),
  /** Colour theme of a banner or activity card (a design token name, never a raw colour). */
  tone: z.string(),
  activity_type: activityTypeSchema.nullable(),
  published_at: z.number().int(),
  /** Activities: when they run (null = open-ended). */
  starts_at: z.number().int().nullable(),
  ends_at: z.number().int().nullable(),
  pinned: z.boolean(),
});
export type ContentSummary = z.infer<typeof contentSummarySchema>;

/** A detail page: the sanitised body (an allow-listed HTML subset, safe to render as-is). */
export const contentDetailSchema = contentSummarySchema.extend({ body: z.string() });
export type ContentDetail = z.infer<typeof contentDetailSchema>;

export const contentListSchema = z.object({ items: z.array(contentSummarySchema), total: z.number().int() });
export type ContentList = z.infer<typeof contentListSchema>;

/** Operators: an item's life. Only `published` items that are due are shown; `withdrawn` hides one again. */
export const CONTENT_STATES = ['draft', 'published', 'withdrawn'] as const;
export const contentStateSchema = z.enum(CONTENT_STATES);
export type ContentState = z.infer<typeof contentStateSchema>;

/** One language's text of an item, as stored: title and summary plain text, the body sanitised HTML. */
export const contentTextSchema = z.object({ title: z.string(), summary: z.string(), body: z.string() });
export type ContentText = z.infer<typeof contentTextSchema>;

/** Operators' view of one item: its schedule and every language it has (GET/POST /admin/content...). */
export const adminContentItemSchema = z.object({
  id: z.number().int(),
  kind: contentKindSchema,
  slug: z.string(),
  state: contentStateSchema,
  publish_at: z.number().int(),
  link: z.string().nullable(),
  tone: z.string(),
  activity_type: activityTypeSchema.nullable(),
  starts_at: z.number().int().nullable(),
  ends_at: z.number().int().nullable(),
  pinned: z.boolean(),
  sort: z.number().int(),
  /** The languages it has a text in, sorted. */
  languages: z.array(z.enum(LANGUAGES)),
  translations: z.partialRecord(z.enum(LANGUAGES), contentTextSchema),
});
export type AdminContentItem = z.infer<typeof adminContentItemSchema>;
export const adminContentListSchema = z.object({ items: z.array(adminContentItemSchema) });
/** POST /admin/content/preview: one language's text as it would be stored (and shown), nothing saved. */
export const contentPreviewBodySchema = z.object({
  title: z.string().max(400).default(''),
  summary: z.string().max(2000).default(''),
  body: z.string().max(60_000).default(''),
});
export const contentPreviewSchema = contentTextSchema;
export type AdminContentList = z.infer<typeof adminContentListSchema>;

export const supportChannelSchema = z.object({
  kind: z.enum(['telegram', 'whatsapp', 'line', 'email', 'link']),
  label: z.string(),
  url: z.string(),
  /** Opening hours as written by operators ("09:00-21:00 UTC+8"), or "" for always. */
  hours: z.string(),
});
export type SupportChannel = z.infer<typeof supportChannelSchema>;

export const downloadLinksSchema = z.object({ android: z.string().nullable(), ios: z.string().nullable() });
export type DownloadLinks = z.infer<typeof downloadLinksSchema>;

/**
 * GET/POST /admin/brand-settings: the name the app shows for the platform (Home's bar, the share poster). Null
 * until an operator sets one: the app then shows its built-in name. Support contacts and app-store links are the
 * engagement settings' `service_channels` and `download`.
 */
export const brandSettingsSchema = z.object({ brand_name: z.string().nullable() });
export type BrandSettings = z.infer<typeof brandSettingsSchema>;
/** The operator's change: a name of 1-40 characters, or "" to go back to the built-in one. */
export const brandChangeBodySchema = z.object({ brand_name: z.string().trim().max(40), reason: reasonSchema });

/** /api/index/ater: what the app needs to know from operators' settings, public. */
export const publicSettingsSchema = z.object({
  /** The operators' brand name, or null for the app's built-in one. */
  brand_name: z.string().nullable(),
  service_channels: z.array(supportChannelSchema),
  download: downloadLinksSchema,
  withdraw_window: z.object({ from: z.string(), to: z.string(), time_zone: z.string() }),
  checkin_reward: z.string(),
  time_zone: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** GET/POST /admin/engage-settings: the operators' part of the public settings. */
export const engageSettingsSchema = publicSettingsSchema.pick({
  service_channels: true,
  download: true,
  checkin_reward: true,
});
export type EngageSettingsView = z.infer<typeof engageSettingsSchema>;

/** /api/index/info: the platform in a few facts. */
export const platformInfoSchema = z.object({
  name: z.string(),
  currency: z.string(),
  unit: z.string(),
  time_zone: z.string(),
  languages: z.array(z.string()),
  /** Whether prices come from the built-in simulator. */
  simulated: z.boolean(),
});
export type PlatformInfo = z.infer<typeof platformInfoSchema>;

/** /api/index/home: everything Home shows, in one call. */
export const homeSchema = z.object({
  banners: z.array(contentSummarySchema),
  notices: z.array(contentSummarySchema),
  news: z.array(contentSummarySchema),
  activities: z.array(contentSummarySchema),
});
export type HomeContent = z.infer<typeof homeSchema>;

/** Inbox. A message is stored as a kind and its parameters and rendered in the reader's language. */
export const INBOX_KINDS = [
  'deposit_approved',
  'deposit_refused',
  'withdrawal_approved',
  'withdrawal_refused',
  'plan_matured',
  'checkin_reward',
  'support_reply',
  'realname_approved',
  'realname_refused',
  'price_alert',
  'yuebao_out_arrived',
  'yuebao_rate_change',
  'operator',
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const inboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** "system" (platform) or "account" (about the user's own money or data). */
  category: z.enum(['system', 'account']),
  title: z.string(),
  body: z.string(),
  /** In-app page the message is about, or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.number().int(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;
export const inboxListSchema = z.object({
  items: z.array(inboxMessageSchema),
  ...cappedTotal,
  unread: z.number().int(),
  next: z.string().nullable(),
});
export type InboxList = z.infer<typeof inboxListSchema>;
/** POST /api/user/msg_read_all: how many messages it marked read. */
export const inboxReadAllSchema = z.object({ marked: z.number().int() });
export type InboxReadAll = z.infer<typeof inboxReadAllSchema>;
/** How many messages (inbox) or answers (customer service) are unread, up to COUNT_CAP. */
export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
/** POST /admin/messages: how many inboxes the message reached, and the reference it was sent under. */
export const operatorMessageSentSchema = z.object({ recipients: z.number().int(), reference: z.string() });
export type OperatorMessageSent = z.infer<typeof operatorMessageSentSchema>;
export const msgListQuerySchema = z.object({ page, size, unread: z.enum(['0', '1']).default('0'), ...cursorQuery });
export const msgReadBodySchema = z.object({ id });

/** Unread counts for badges (Mine, its menu items, customer service). */
export const badgesSchema = z.object({ messages: z.number().int(), support: z.number().int() });
export type Badges = z.infer<typeof badgesSchema>;

/** Daily check-in: once per platform day, an operator-set reward. */
export const checkinStatusSchema = z.object({
  checked_today: z.boolean(),
  /** Consecutive days up to today (or yesterday when not yet checked in today). */
  streak: z.number().int(),
  reward: z.string(),
  /** Platform day, "2026-11-23", in `time_zone`. */
  today: z.string(),
  time_zone: z.string(),
  /** The last seven platform days, oldest first, with whether each was checked in. */
  week: z.array(z.object({ day: z.string(), checked: z.boolean() })),
});
export type CheckinStatus = z.infer<typeof checkinStatusSchema>;

/** Customer service conversation. */
export const SUPPORT_TOPICS = ['rewards', 'password', 'recharge', 'locked_data'] as const;
export const supportTopicSchema = z.enum(SUPPORT_TOPICS);
export type SupportTopic = z.infer<typeof supportTopicSchema>;
export const supportMessageSchema = z.object({
  id: z.number().int(),
  from: z.enum(['user', 'operator']),
  body: z.string(),
  topic: supportTopicSchema.nullable(),
  created_at: z.number().int(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;
export const supportConversationSchema = z.object({
  items: z.array(supportMessageSchema),
  unread: z.number().int(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;
export const supportSendBodySchema = z.object({
  body: z
    .string({ error: 'please_fill_in' })
    .transform(cleanUserParagraphs)
    .pipe(z.string().min(1, 'please_fill_in').max(1000, 'support_message_too_long')),
  topic: supportTopicSchema.optional(),
});
export type SupportSendBody = z.input<typeof supportSendBodySchema>;

/**
 * Rich text (article and activity bodies): the tags a body may hold. The server's sanitiser keeps only these
 * when an operator saves a body; the app's renderer builds only these, so both sides agree on one list.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'span',
] as const;
/** The only images a body may show: the app's own content store. */
export const RICH_TEXT_IMAGE = /^\/api\/index\/image\?id=[A-Za-z0-9_-]{1,64}$/;
