import { sendPrivateFile } from '../../platform/http/private-file.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { avatarSchema, type Avatar } from '@app/contracts';
import { answers, fileAnswers } from '../../platform/http/answers.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { acceptUploads, readUpload, type UploadStore } from '../uploads/index.ts';
import { avatarImage, currentAvatarId, setAvatar } from './avatar.ts';

/** The avatar: uploaded under the wallet's upload rules, served to its owner under a server-made id. */
export const profileRoutes: FastifyPluginAsyncZod<{ store: UploadStore }> = async (app, { store }) => {
  const { db } = app;
  await acceptUploads(app);
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/api/user/uploadavatar',
    {
      schema: { summary: 'Upload my avatar', consumes: ['multipart/form-data'], response: answers(avatarSchema) },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const file = await readUpload(request);
      const image = await avatarImage(file.buf, { filename: file.filename, mimetype: file.mimetype });
      const meta = await setAvatar(db, store, userId, image);
      const answer: Avatar = { id: meta.id, width: meta.width, height: meta.height };
      return reply.ok(answer, 'operation_succeeded');
    },
  );

  /** The caller's current avatar; "no data" when none was uploaded. */
  app.get(
    '/api/user/avatar',
    {
      schema: { summary: 'My avatar image', response: fileAnswers('The avatar (a square WebP picture)', 'image/webp') },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const id = await currentAvatarId(db, userId);
      const found = id ? await store.read(db, id) : null;
      if (!found || found.meta.userId !== userId) throw new AppError('no_data');
      return sendPrivateFile(reply.header('x-avatar-id', found.meta.id), found);
    },
  );
};
