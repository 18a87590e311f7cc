import { sendPrivateFile } from '../../platform/http/private-file.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES, uploadIdParamsSchema, uploadSchema, type Upload } from '@app/contracts';
import { answers, fileAnswers } from '../../platform/http/answers.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { reencodeImage } from './image-check.ts';
import type { UploadStore } from './upload-store.ts';

/** Multipart limits of an upload, set explicitly rather than inherited: one file, a few small fields. */
export const UPLOAD_LIMITS = {
  fileSize: UPLOAD_MAX_BYTES,
  files: 1,
  fields: 4,
  parts: 5,
  fieldNameSize: 64,
  fieldSize: 256,
  headerPairs: 32,
} as const;

/**
 * Lets the routes of the calling plugin read multipart bodies (readUpload). Only the routes that take a file
 * register it: the plugin runs two hooks on every request of its scope, which on the whole app were a few per cent
 * of every cached read. Elsewhere a multipart body is an unsupported media type (415, invalid_request).
 */
export const acceptUploads = (app: FastifyInstance) => app.register(multipart, { limits: UPLOAD_LIMITS });

/** Reads the one file of a multipart request, or refuses; nothing is stored before every check passed. */
export async function readUpload(
  request: FastifyRequest,
): Promise<{ buf: Buffer; filename: string; mimetype: string }> {
  if (!request.isMultipart()) throw new AppError('upload_required', { field: 'file' });
  let part;
  try {
    part = await request.file({ limits: UPLOAD_LIMITS });
  } catch (error) {
    throw toUploadError(error);
  }
  if (!part || part.fieldname !== 'file') throw new AppError('upload_required', { field: 'file' });
  let buf: Buffer;
  try {
    buf = await part.toBuffer();
  } catch (error) {
    throw toUploadError(error);
  }
  if (part.file.truncated || buf.length > UPLOAD_MAX_BYTES) throw tooLarge();
  if (buf.length === 0) throw new AppError('upload_required', { field: 'file' });
  return { buf, filename: part.filename, mimetype: part.mimetype };
}

const tooLarge = () =>
  new AppError('upload_too_large', { field: 'file', params: { max: UPLOAD_MAX_BYTES / 1024 / 1024 } });

function toUploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') return tooLarge();
  return new AppError('invalid_request', { field: 'file' });
}

export const uploadRoutes: FastifyPluginAsyncZod<{ store: UploadStore }> = async (app, { store }) => {
  const { db } = app;
  await acceptUploads(app);
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/api/user/uploadfile',
    {
      schema: {
        summary: 'Upload an image (receipt, document)',
        consumes: ['multipart/form-data'],
        response: answers(uploadSchema),
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const file = await readUpload(request);
      const image = await reencodeImage(file.buf, { filename: file.filename, mimetype: file.mimetype });
      const meta = await store.put(db, { userId, purpose: 'transfer_proof', image });
      const answer: Upload = { id: meta.id, mime: meta.mime, width: meta.width, height: meta.height, size: meta.size };
      return reply.ok(answer, 'ok');
    },
  );

  /** The image itself, to its owner only: someone else's id reads like a missing one. */
  app.get(
    '/api/user/upload',
    {
      schema: {
        summary: 'One of my uploaded images',
        querystring: uploadIdParamsSchema,
        response: fileAnswers('The uploaded image (its own content type)', 'image/*'),
      },
    },
    async (request, reply) => {
      const found = await store.read(db, request.query.id);
      if (!found || found.meta.userId !== currentUser(request).userId) throw new AppError('no_data');
      return sendPrivateFile(reply.header('content-disposition', 'inline'), found);
    },
  );
};
