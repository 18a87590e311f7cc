import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../../platform/http/app-error.ts';
import type { StoredImage } from './upload-store.ts';

export type ImageType = 'jpeg' | 'png' | 'webp';

/** Decompression bombs: no image with more pixels than this is decoded at all. */
export const MAX_INPUT_PIXELS = 24_000_000;
/** Screenshots are scaled down to fit this box; they stay legible for a reviewer. */
export const MAX_OUTPUT_SIDE = 2560;

const MIME: Record<ImageType, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const EXTENSIONS: Record<string, ImageType> = { jpg: 'jpeg', jpeg: 'jpeg', jfif: 'jpeg', png: 'png', webp: 'webp' };

/** The type the bytes say, from their magic numbers; the name and the client's content type are not trusted. */
export function sniffImage(buf: Buffer): ImageType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

const PNG_IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
const MARKUP = ['<script', '<html', '<?php', '<svg', '<iframe', 'javascript:', '<!doctype'];

/**
 * A polyglot is a file that is a valid image and something else too (HTML, a script, an archive appended
 * after the image's end). Re-encoding would drop it anyway, but such an upload is refused outright: the
 * image must end where its format says it ends and carry no markup.
 */
export function looksLikePolyglot(buf: Buffer, type: ImageType): boolean {
  if (type === 'jpeg' && !(buf[buf.length - 2] === 0xff && buf[buf.length - 1] === 0xd9)) return true;
  if (type === 'png' && !buf.subarray(buf.length - PNG_IEND.length).equals(PNG_IEND)) return true;
  if (type === 'webp' && buf.readUInt32LE(4) + 8 !== buf.length) return true;
  const text = buf.toString('latin1').toLowerCase();
  return MARKUP.some((marker) => text.includes(marker));
}

/** The file name's extension and the declared content type, when given, must agree with the bytes. */
export function declaredTypeMatches(
  type: ImageType,
  filename: string | undefined,
  mimetype: string | undefined,
): boolean {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(filename ?? '')?.[1]?.toLowerCase();
  if (ext !== undefined && EXTENSIONS[ext] !== type) return false;
  if (
    mimetype &&
    mimetype !== 'application/octet-stream' &&
    mimetype !== MIME[type] &&
    !(type === 'jpeg' && mimetype === 'image/jpg')
  )
    return false;
  return true;
}

/**
 * Checks an uploaded image and re-encodes it in its own format: metadata (EXIF, GPS, ICC comments) and
 * anything appended are dropped, orientation is applied, and large pictures are scaled down. Refuses with
 * `upload_type_invalid` whatever is not a clean JPEG, PNG or WebP.
 */
export async function reencodeImage(
  buf: Buffer,
  declared: { filename?: string | undefined; mimetype?: string | undefined },
): Promise<StoredImage> {
  const type = sniffImage(buf);
  if (!type || !declaredTypeMatches(type, declared.filename, declared.mimetype) || looksLikePolyglot(buf, type)) {
    throw new AppError('upload_type_invalid', { field: 'file' });
  }
  try {
    const input = sharp(buf, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
      animated: false,
      sequentialRead: true,
    });
    const meta = await input.metadata();
    if (meta.format !== type && !(type === 'jpeg' && meta.format === 'jpeg')) throw new Error('format differs');
    const pipeline = input
      .rotate()
      .resize({ width: MAX_OUTPUT_SIDE, height: MAX_OUTPUT_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      type === 'jpeg'
        ? pipeline.jpeg({ quality: 85 })
        : type === 'png'
          ? pipeline.png({ compressionLevel: 6 })
          : pipeline.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      mime: MIME[type],
      width: info.width,
      height: info.height,
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
    };
  } catch {
    // A decoder error, a truncated file or more pixels than allowed.
    throw new AppError('upload_type_invalid', { field: 'file' });
  }
}
