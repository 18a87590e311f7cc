import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { certificationBodySchema, certificationSchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { loadKycKeys, type KycKeys } from './kyc-crypto.ts';
import { latestSubmission, submitCertification, toCertification } from './kyc.service.ts';

/** /api/user/certification: the state (GET) and a submission (POST). */
export const kycRoutes: FastifyPluginAsyncZod<{ keys?: KycKeys }> = async (app, { keys: given }) => {
  const { db, config } = app;
  // Loaded on first use, so a node that never sees a submission needs no key file.
  let keys = given;
  const kycKeys = () => (keys ??= loadKycKeys(config.dataDir));
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/api/user/certification',
    { schema: { summary: 'My real-name status', response: answers(certificationSchema) } },
    async (request, reply) => reply.ok(toCertification(await latestSubmission(db, currentUser(request).userId))),
  );

  app.post(
    '/api/user/certification',
    {
      schema: {
        summary: 'Submit my real-name request',
        body: certificationBodySchema,
        response: answers(certificationSchema),
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const answer = await submitCertification(db, kycKeys(), currentUser(request).userId, request.body);
      return reply.ok(answer, 'realname_submitted');
    },
  );
};
