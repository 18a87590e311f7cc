import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { uploads } from './uploads.table.ts';

export type StoredImage = { mime: string; width: number; height: number; sha256: string; data: Buffer };
export type UploadMeta = {
  id: string;
  userId: number;
  purpose: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  sha256: string;
  createdAt: Date;
};

/**
 * Where uploaded files live. The default keeps them in PostgreSQL; an S3-compatible store implements the
 * same three calls (the metadata row stays in `uploads` either way, with `store_key` instead of `data`).
 */
export interface UploadStore {
  put(db: DbOrTx, input: { userId: number; purpose: string; image: StoredImage }): Promise<UploadMeta>;
  meta(db: DbOrTx, id: string): Promise<UploadMeta | null>;
  read(db: DbOrTx, id: string): Promise<{ meta: UploadMeta; data: Buffer } | null>;
}

/** Server-made ids: 128 random bits, URL-safe. */
export const newUploadId = () => randomBytes(16).toString('base64url');

const toMeta = (r: typeof uploads.$inferSelect): UploadMeta => ({
  id: r.id,
  userId: r.userId,
  purpose: r.purpose,
  mime: r.mime,
  size: r.size,
  width: r.width,
  height: r.height,
  sha256: r.sha256,
  createdAt: r.createdAt,
});

export class PostgresUploadStore implements UploadStore {
  async put(db: DbOrTx, input: { userId: number; purpose: string; image: StoredImage }) {
    const { image } = input;
    const [row] = await db
      .insert(uploads)
      .values({
        id: newUploadId(),
        userId: input.userId,
        purpose: input.purpose,
        mime: image.mime,
        size: image.data.length,
        width: image.width,
        height: image.height,
        sha256: image.sha256,
        data: image.data,
      })
      .returning();
    return toMeta(row!);
  }

  async meta(db: DbOrTx, id: string) {
    const [row] = await db
      .select({
        id: uploads.id,
        userId: uploads.userId,
        purpose: uploads.purpose,
        mime: uploads.mime,
        size: uploads.size,
        width: uploads.width,
        height: uploads.height,
        sha256: uploads.sha256,
        createdAt: uploads.createdAt,
      })
      .from(uploads)
      .where(eq(uploads.id, id));
    return row ?? null;
  }

  async read(db: DbOrTx, id: string) {
    const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
    if (!row || !row.data) return null;
    return { meta: toMeta(row), data: row.data };
  }
}

export const defaultUploadStore: UploadStore = new PostgresUploadStore();
