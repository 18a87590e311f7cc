import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Real-name submissions, one row per attempt (a refused one stays as history). The document number is only
 * here encrypted (`doc_cipher`), as a keyed hash for uniqueness (`doc_hash`) and masked for display.
 * A number is held by at most one live (pending or approved) submission, and a user has at most one.
 * `decided_at` with `notified_at` null marks a result the user's inbox has not been told of yet.
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    realName: text('real_name').notNull(),
    docType: text('doc_type').notNull(),
    docCipher: bytea('doc_cipher').notNull(),
    docHash: text('doc_hash').notNull(),
    docMasked: text('doc_masked').notNull(),
    state: text('state').notNull().default('pending'),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kyc_submissions_user_idx').on(t.userId, t.id),
    index('kyc_submissions_state_idx').on(t.state, t.id),
    // The console's search everything: a user by their real name or its beginning, case aside.
    index('kyc_submissions_name_prefix_idx').on(sql`lower(${t.realName}) text_pattern_ops`),
    uniqueIndex('kyc_submissions_live_doc_key')
      .on(t.docHash)
      .where(sql`${t.state} in ('pending','approved')`),
    uniqueIndex('kyc_submissions_live_user_key')
      .on(t.userId)
      .where(sql`${t.state} in ('pending','approved')`),
    check('kyc_submissions_state', sql`${t.state} in ('pending','approved','refused')`),
    check('kyc_submissions_doc_type', sql`${t.docType} in ('cn_id','passport')`),
    check('kyc_submissions_refusal_reason', sql`${t.state} <> 'refused' or ${t.reason} is not null`),
  ],
);
