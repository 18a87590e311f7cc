import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { reencodeImage, type StoredImage, type UploadStore } from '../uploads/index.ts';
import { userAvatars } from './avatar.table.ts';

/** Avatars are square thumbnails of this side, whatever was sent. */
export const AVATAR_SIDE = 256;

/**
 * The same checks as any upload (size, magic bytes, polyglots, pixel limit, re-encoding without metadata),
 * then a centred square crop scaled to AVATAR_SIDE, as WebP.
 */
export async function avatarImage(
  buf: Buffer,
  declared: { filename?: string | undefined; mimetype?: string | undefined },
): Promise<StoredImage> {
  const clean = await reencodeImage(buf, declared);
  try {
    const data = await sharp(clean.data)
      .resize({ width: AVATAR_SIDE, height: AVATAR_SIDE, fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
    return {
      mime: 'image/webp',
      width: AVATAR_SIDE,
      height: AVATAR_SIDE,
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
    };
  } catch {
    throw new AppError('upload_type_invalid', { field: 'file' });
  }
}

export async function setAvatar(db: DbOrTx, store: UploadStore, userId: number, image: StoredImage) {
  const meta = await store.put(db, { userId, purpose: 'avatar', image });
  await db
    .insert(userAvatars)
    .values({ userId, uploadId: meta.id })
    .onConflictDoUpdate({ target: userAvatars.userId, set: { uploadId: meta.id, updatedAt: sql`now()` } });
  return meta;
}

export async function currentAvatarId(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db.select().from(userAvatars).where(eq(userAvatars.userId, userId));
  return row?.uploadId ?? null;
}
