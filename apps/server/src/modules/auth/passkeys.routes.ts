import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  passkeyAddBodySchema,
  passkeyAssertionBodySchema,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyOptionsBodySchema,
  passkeyRemoveBodySchema,
  passkeyRenameBodySchema,
  stepUpGrantSchema,
  webauthnOptionsSchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import {
  addPasskey,
  listPasskeys,
  passkeyCreationOptions,
  removePasskey,
  renamePasskey,
  stepUpOptions,
  stepUpWithPasskey,
} from './passkeys.service.ts';

/** The logged-in user's passkeys: list, add (stepped up when a factor is on), rename, remove (stepped up), step-up. */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const rp = config.webauthn;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/api/user/passkeys',
    { schema: { summary: 'My passkeys', response: answers(passkeyListSchema) } },
    async (request, reply) => reply.ok(await listPasskeys(db, currentUser(request).userId)),
  );
  app.post(
    '/api/user/passkeys/options',
    {
      schema: {
        summary: 'Start adding a passkey (WebAuthn options)',
        body: passkeyOptionsBodySchema,
        response: answers(webauthnOptionsSchema),
      },
    },
    async (request, reply) => {
      const options = await passkeyCreationOptions(db, rp, {
        userId: currentUser(request).userId,
        ip: request.ip,
        code: request.body.second_factor_code,
      });
      return reply.ok({ options });
    },
  );
  app.post(
    '/api/user/passkeys/add',
    { schema: { summary: 'Add a passkey', body: passkeyAddBodySchema, response: answers(z.null()) } },
    async (request, reply) => {
      await addPasskey(db, rp, { userId: currentUser(request).userId, ...request.body });
      return reply.ok(null, 'passkey_added');
    },
  );
  app.post(
    '/api/user/passkeys/:id/rename',
    {
      schema: {
        summary: 'Rename a passkey',
        params: passkeyIdParamsSchema,
        body: passkeyRenameBodySchema,
        response: answers(z.null()),
      },
    },
    async (request, reply) => {
      await renamePasskey(db, { userId: currentUser(request).userId, id: request.params.id, ...request.body });
      return reply.ok(null, 'passkey_renamed');
    },
  );
  app.post(
    '/api/user/passkeys/:id/remove',
    {
      schema: {
        summary: 'Remove a passkey (stepped up)',
        params: passkeyIdParamsSchema,
        body: passkeyRemoveBodySchema,
        response: answers(z.null()),
      },
    },
    async (request, reply) => {
      await removePasskey(db, {
        userId: currentUser(request).userId,
        id: request.params.id,
        ip: request.ip,
        code: request.body.second_factor_code,
      });
      return reply.ok(null, 'passkey_removed');
    },
  );
  app.post(
    '/api/user/passkeys/step_up_options',
    { schema: { summary: 'Start a passkey step-up (WebAuthn options)', response: answers(webauthnOptionsSchema) } },
    async (request, reply) => reply.ok({ options: await stepUpOptions(db, rp, currentUser(request).userId) }),
  );
  app.post(
    '/api/user/passkeys/step_up',
    {
      schema: {
        summary: 'Confirm with a passkey: a one-time step-up code',
        body: passkeyAssertionBodySchema,
        response: answers(stepUpGrantSchema),
      },
    },
    async (request, reply) =>
      reply.ok(
        await stepUpWithPasskey(db, rp, {
          userId: currentUser(request).userId,
          ip: request.ip,
          credential: request.body.credential,
        }),
      ),
  );
};
