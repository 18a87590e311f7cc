import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataExportBodySchema } from '@app/contracts';
import { fileAnswers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { assertSecondFactor } from '../auth/index.ts';
import { exportUserData } from './data-export.service.ts';

/**
 * POST /api/user/export: the user's data as one ZIP (not an envelope). A POST, so that a user with a second factor
 * steps up in the body (a stolen session alone does not take a copy of everything), and a few a minute at most.
 */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireUser);
  app.post(
    '/api/user/export',
    {
      config: { rateLimit: { max: 3, timeWindow: '1 minute' } },
      schema: {
        summary: 'Export my data: everything held about me, as JSON and CSV files in a ZIP',
        body: dataExportBodySchema,
        response: fileAnswers('A ZIP of data.json and one CSV file per section', 'application/zip'),
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      await assertSecondFactor(db, { user: userId, ip: request.ip, code: request.body.second_factor_code });
      const { zip, name } = await exportUserData(db, userId, new Date());
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(zip));
    },
  );
};
