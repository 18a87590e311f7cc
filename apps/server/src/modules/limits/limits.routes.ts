import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserIdParamsSchema,
  excludeBodySchema,
  limitNameBodySchema,
  limitsSchema,
  realityBodySchema,
  type Limits,
  setLimitBodySchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findUser } from '../users/index.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import {
  cancelPendingLimit,
  confirmPending,
  exclude,
  limitsOf,
  setLimit,
  setRealityMinutes,
} from './limits.service.ts';

/** The user's Limits page: limits, raises waiting, the reality-check reminder, time-out and self-exclusion. */
export const limitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app;
  app.addHook('onRequest', app.requireUser);
  const reply200 = { response: answers(limitsSchema) };

  const min = app.config.realityMinMinutes;
  // Every answer is the page's whole picture, with the shortest reminder this server allows.
  const page = (limits: Limits) => ({ ...limits, reality_min_minutes: min });
  app.get(
    '/api/user/limits',
    { schema: { summary: 'My limits, time-out and self-exclusion', ...reply200 } },
    async (request, reply) => reply.ok(await limitsOf(db, currentUser(request).userId, now(), min)),
  );
  app.post(
    '/api/user/limits/set',
    { schema: { summary: 'Set my deposit, loss or stake limits', body: setLimitBodySchema, ...reply200 } },
    async (request, reply) =>
      reply.ok(
        page(await setLimit(db, currentUser(request).userId, request.body.name, request.body.value, now())),
        'operation_succeeded',
      ),
  );
  app.post(
    '/api/user/limits/confirm',
    { schema: { summary: 'Confirm a raised limit after its cooling-off', body: limitNameBodySchema, ...reply200 } },
    async (request, reply) =>
      reply.ok(
        page(await confirmPending(db, currentUser(request).userId, request.body.name, now())),
        'operation_succeeded',
      ),
  );
  app.post(
    '/api/user/limits/cancel',
    { schema: { summary: 'Cancel a pending change of my limits', body: limitNameBodySchema, ...reply200 } },
    async (request, reply) =>
      reply.ok(
        page(await cancelPendingLimit(db, currentUser(request).userId, request.body.name, now())),
        'operation_succeeded',
      ),
  );
  app.post(
    '/api/user/limits/reality',
    { schema: { summary: 'Set my reality-check interval', body: realityBodySchema, ...reply200 } },
    async (request, reply) =>
      reply.ok(
        await setRealityMinutes(db, currentUser(request).userId, request.body.minutes, now(), min),
        'operation_succeeded',
      ),
  );
  app.post(
    '/api/user/limits/exclude',
    { schema: { summary: 'Take a time-out or exclude myself', body: excludeBodySchema, ...reply200 } },
    async (request, reply) =>
      reply.ok(page(await exclude(db, currentUser(request).userId, request.body.period, now())), 'operation_succeeded'),
  );
};

/** The console's view of a user's limits and any time-out or self-exclusion (`users.read`; nothing to change). */
export const adminLimitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app;
  app.get(
    '/admin/users/:id/limits',
    {
      config: { access: 'users.read' },
      schema: { summary: "One user's own limits", params: adminUserIdParamsSchema, response: answers(limitsSchema) },
    },
    async (request, reply) => {
      if (!(await findUser(db, request.params.id))) throw new AppError('user_not_found');
      return reply.ok(await limitsOf(db, request.params.id, now()));
    },
  );
};
