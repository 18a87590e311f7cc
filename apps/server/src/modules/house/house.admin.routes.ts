import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { houseViewSchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { houseView } from './house-view.ts';

/** The house view (finance and admin): read-only, so nothing to audit; every figure is summed from the ledger. */
export const adminHouseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/house',
    {
      config: { access: 'house.read' },
      schema: { summary: "The house's accounts and results", response: answers(houseViewSchema) },
    },
    async (_request, reply) => reply.ok(await houseView(app.db, app.now(), app.tz)),
  );
};
