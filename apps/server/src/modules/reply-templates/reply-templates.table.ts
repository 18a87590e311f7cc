import { sql } from 'drizzle-orm';
import { bigserial, check, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ReplyTemplateTexts } from '@app/contracts';

/**
 * Operators' reply templates: a named wording with a text per app language (English always), offered for the acts
 * in `uses` (REPLY_TEMPLATE_USES). Changed whole and audited each time; a removed one keeps its row (removed_at), so
 * the audit rows of the refusals that used it still name a template that can be read.
 */
export const replyTemplates = pgTable(
  'reply_templates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    uses: text('uses').array().notNull(),
    texts: jsonb('texts').$type<ReplyTemplateTexts>().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    removedBy: text('removed_by'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    // A name names one template in force (case aside); a removed one's name may be taken again.
    uniqueIndex('reply_templates_name_key')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.removedAt} is null`),
    check('reply_templates_name', sql`length(${t.name}) between 2 and 64`),
    check(
      'reply_templates_uses',
      sql`cardinality(${t.uses}) >= 1 and ${t.uses} <@ array['deposit_refuse','withdrawal_refuse','kyc_refuse','support_reply']::text[]`,
    ),
    check('reply_templates_english', sql`jsonb_typeof(${t.texts} -> 'en') = 'string'`),
    check('reply_templates_removed', sql`(${t.removedAt} is null) = (${t.removedBy} is null)`),
  ],
);
