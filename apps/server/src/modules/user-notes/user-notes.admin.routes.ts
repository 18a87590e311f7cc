import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addUserNoteBodySchema,
  adminUserIdParamsSchema,
  adminUserNotesSchema,
  removeUserNoteBodySchema,
  userNoteParamsSchema,
  userTagBodySchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { operatorAct } from '../../platform/http/operator-act.ts';
import { addNote, addTag, notesOf, removeNote, removeTag } from './user-notes.service.ts';

/**
 * Notes and tags on a user's page. Whoever may read the page may leave a note or a tag on it for the next reader
 * (`users.read`: reviewers of money and real names, support); each write is audited on the user.
 */
export const adminUserNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const access = { access: 'users.read' } as const;
  app.get(
    '/admin/users/:id/notes',
    {
      config: access,
      schema: {
        summary: "One user's notes and tags",
        params: adminUserIdParamsSchema,
        response: answers(adminUserNotesSchema),
      },
    },
    async (request, reply) => reply.ok(await notesOf(db, request.params.id)),
  );
  app.post(
    '/admin/users/:id/notes',
    {
      config: access,
      schema: {
        summary: 'Write a note on a user',
        params: adminUserIdParamsSchema,
        body: addUserNoteBodySchema,
        response: answers(z.object({ id: z.number().int() })),
      },
    },
    async (request, reply) => reply.ok({ id: await addNote(db, operatorAct(request)) }, 'operation_succeeded'),
  );
  app.post(
    '/admin/users/:id/notes/:note_id/remove',
    {
      config: access,
      schema: {
        summary: "Remove a note from a user's page, with a reason",
        params: userNoteParamsSchema,
        body: removeUserNoteBodySchema,
        response: answers(z.null()),
      },
    },
    async (request, reply) => {
      await removeNote(db, operatorAct(request));
      return reply.ok(null, 'operation_succeeded');
    },
  );
  app.post(
    '/admin/users/:id/tags',
    {
      config: access,
      schema: {
        summary: 'Tag a user',
        params: adminUserIdParamsSchema,
        body: userTagBodySchema,
        response: answers(z.null()),
      },
    },
    async (request, reply) => {
      await addTag(db, operatorAct(request));
      return reply.ok(null, 'operation_succeeded');
    },
  );
  app.post(
    '/admin/users/:id/tags/remove',
    {
      config: access,
      schema: {
        summary: 'Remove a tag from a user',
        params: adminUserIdParamsSchema,
        body: userTagBodySchema,
        response: answers(z.null()),
      },
    },
    async (request, reply) => {
      await removeTag(db, operatorAct(request));
      return reply.ok(null, 'operation_succeeded');
    },
  );
};
