import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded images, kept in PostgreSQL by the default UploadStore so every node of a scaled-out deployment
 * serves the same files. Only re-encoded bytes are stored (never what the client sent); ids are made by the
 * server. `sha256` is of the re-encoded image, so operators see when the same picture is used again.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    purpose: text('purpose').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    /** Null when the bytes live in another store (S3-compatible); `store_key` then says where. */
    data: bytea('data'),
    storeKey: text('store_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploads_user_idx').on(t.userId, t.createdAt),
    index('uploads_sha_idx').on(t.sha256),
    check('uploads_mime', sql`${t.mime} in ('image/jpeg','image/png','image/webp')`),
    check('uploads_where', sql`${t.data} is not null or ${t.storeKey} is not null`),
  ],
);
