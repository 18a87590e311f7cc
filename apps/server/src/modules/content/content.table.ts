import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Operator-written content: banners, platform notices, news articles and activities. The item holds what
 * is the same in every language (kind, schedule, link, state); each language's text is its own row, and a
 * reader whose language has none is shown English (an English row is required to publish).
 *
 * Visible to users when state = 'published' and publish_at <= now; 'withdrawn' hides it again. Bodies are
 * stored already sanitised (content-sanitise.ts), so every reader gets the same safe HTML.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** Stable name for the seed and operators. */
    slug: text('slug').notNull(),
    state: text('state').notNull().default('draft'),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull().defaultNow(),
    link: text('link'),
    tone: text('tone').notNull().default('brand'),
    activityType: text('activity_type'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    pinned: boolean('pinned').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_items_slug_key').on(t.slug),
    index('content_items_feed_idx').on(t.kind, t.state, t.publishAt),
    check('content_items_kind', sql`${t.kind} in ('banner','notice','news','activity')`),
    check('content_items_state', sql`${t.state} in ('draft','published','withdrawn')`),
    check(
      'content_items_activity_type',
      sql`(${t.kind} = 'activity') = (${t.activityType} is not null) and (${t.activityType} is null or ${t.activityType} in ('promotion','recharge'))`,
    ),
    check('content_items_link', sql`${t.link} is null or ${t.link} ~ '^#/pages/[A-Za-z0-9/_?=&.-]*$'`),
  ],
);

export const contentTranslations = pgTable(
  'content_translations',
  {
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => contentItems.id),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Sanitised HTML (allow-list); empty for banners. */
    body: text('body').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.lang] }),
    check('content_translations_lang', sql`${t.lang} in ('en','de','es','fr','hk','jp','kor','th','zh','vi')`),
    check('content_translations_title', sql`length(${t.title}) between 1 and 120`),
  ],
);

/** Operators' public settings (customer-service channels, download links, check-in reward), one row per name. */
export const engageSettings = pgTable('engage_settings', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
