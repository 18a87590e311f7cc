import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertIdBodySchema,
  alertListQuerySchema,
  alertListSchema,
  createAlertBodySchema,
  priceAlertSchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { cancelAlert, createAlert, listAlerts } from './alerts.service.ts';

/** A user's price alerts: set on a product page, checked by the alerts job against the recorded prices. */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/api/user/alerts',
    {
      schema: {
        summary: 'List my price alerts',
        querystring: alertListQuerySchema,
        response: answers(alertListSchema),
      },
    },
    async (request, reply) => reply.ok(await listAlerts(db, currentUser(request).userId, request.query.symbol)),
  );
  app.post(
    '/api/user/alerts',
    { schema: { summary: 'Create a price alert', body: createAlertBodySchema, response: answers(priceAlertSchema) } },
    async (request, reply) =>
      reply.ok(await createAlert(db, currentUser(request).userId, request.body, now()), 'alert_created'),
  );
  app.post(
    '/api/user/alerts/cancel',
    { schema: { summary: 'Cancel a price alert', body: alertIdBodySchema, response: answers(z.null()) } },
    async (request, reply) => {
      await cancelAlert(db, currentUser(request).userId, request.body.id);
      return reply.ok(null, 'deleted');
    },
  );
};
