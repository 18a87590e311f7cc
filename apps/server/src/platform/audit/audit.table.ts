import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, jsonb, pgTable, text, timestamp, index } from 'drizzle-orm/pg-core';

/** Operator actions: who, when, what, why. Append-only (a trigger refuses updates and deletes). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operator: text('operator').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    reason: text('reason').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    /**
     * What proved the operator (platform/http/acting-credential.ts), and which API token when one did: a token can
     * be revoked alone, so its acts must be findable. `unrecorded` only on rows from before the column existed.
     */
    credential: text('credential').notNull(),
    tokenId: bigint('token_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.target.op('text_pattern_ops'), t.id),
    // The audit page's filters: by operator, by action (or its family, a prefix) and by time.
    index('audit_log_operator_idx').on(t.operator, t.id),
    index('audit_log_action_idx').on(t.action.op('text_pattern_ops'), t.id),
    index('audit_log_created_idx').on(t.createdAt),
    check(
      'audit_log_credential_check',
      sql`${t.credential} IN ('session', 'token', 'shared-token', 'sign-in', 'invitation', 'unrecorded')`,
    ),
  ],
);
