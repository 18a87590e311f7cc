import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPasswordResetBodySchema,
  adminUserIdParamsSchema,
  adminUserProfileSchema,
  adminPasswordResetSchema,
  adminReasonBodySchema,
  adminUserExportSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserFactorsSchema,
  adminUserSchema,
} from '@app/contracts';
import { factorsForOperator } from './factors-view.ts';
import type { MessageSender } from '../../platform/messaging/message-sender.ts';
import { openPasswordReset } from './password-reset.service.ts';
import { exportRoute, utc, yesNo } from '../../platform/audit/csv-export.ts';
import { answers } from '../../platform/http/answers.ts';
import { setUserLocked, setUserFrozen } from './account-admin.service.ts';
import { listUsersForOperator, userProfileForOperator } from '../users/index.ts';
import { operatorAct } from '../../platform/http/operator-act.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Operators find accounts and lock or unlock them; each lock or unlock is audited with who, when and why. */
export const adminAccountRoutes: FastifyPluginAsyncZod<{ sender: MessageSender }> = async (app, { sender }) => {
  const { db } = app;
  app.get(
    '/admin/users',
    {
      config: { access: 'users.read' },
      schema: {
        summary: 'List and search users',
        querystring: adminUserListQuerySchema,
        response: answers(adminUserListSchema),
      },
    },
    async (request, reply) => reply.ok(await listUsersForOperator(db, request.query)),
  );
  exportRoute(app, {
    url: '/admin/users/export',
    access: 'users.read',
    querystring: adminUserExportSchema,
    description: 'Users as CSV (UTF-8, BOM)',
    list: 'users',
    read: async (q, limit) => (await listUsersForOperator(db, { q: q.q, page: 1, size: limit })).items,
    columns: [
      'id',
      'account',
      'phone',
      'real_name_state',
      ['locked', (u) => yesNo(u.locked)],
      ['vip', (u) => yesNo(u.is_vip)],
      'inviter_id',
      ['registered_utc', (u) => utc(u.created_at)],
    ],
  });

  app.get(
    '/admin/users/:id',
    {
      config: { access: 'users.read' },
      schema: {
        summary: "One user's account",
        params: adminUserIdParamsSchema,
        response: answers(adminUserProfileSchema),
      },
    },
    async (request, reply) => reply.ok(await userProfileForOperator(db, request.params.id)),
  );
  app.get(
    '/admin/users/:id/factors',
    {
      config: { access: 'users.read' },
      schema: {
        summary: "One user's second factors (kinds and dates, no secret)",
        params: adminUserIdParamsSchema,
        response: answers(adminUserFactorsSchema),
      },
    },
    async (request, reply) => reply.ok(await factorsForOperator(db, request.params.id)),
  );

  // An account's state, each act with the operator's reason and audited by the service: a lock ends the sessions
  // too; a freeze stops only withdrawals and payout-method changes.
  const userActs = [
    { act: 'lock', summary: "Lock a user's account", run: { locked: true } },
    { act: 'unlock', summary: "Unlock a user's account", run: { locked: false } },
    { act: 'freeze', summary: "Freeze a user's withdrawals and payout-method changes", run: { frozen: true } },
    {
      act: 'unfreeze',
      summary: "Lift a freeze of a user's withdrawals and payout-method changes",
      run: { frozen: false },
    },
  ] as const;
  for (const { act, summary, run } of userActs) {
    app.post(
      `/admin/users/:id/${act}`,
      {
        config: { access: 'users.act' },
        schema: { summary, params: idParams, body: adminReasonBodySchema, response: answers(adminUserSchema) },
      },
      async (request, reply) => {
        const who = { id: request.params.id, operator: request.operator, reason: request.body.reason, ip: request.ip };
        const user =
          'locked' in run ? await setUserLocked(db, { ...who, ...run }) : await setUserFrozen(db, { ...who, ...run });
        return reply.ok(user, 'operation_succeeded');
      },
    );
  }

  /** Customer service opens a reset of a user's login or fund password; the user completes it by SMS code. */
  app.post(
    '/admin/users/:id/password-reset',
    {
      config: { access: 'users.act' },
      schema: {
        summary: 'Open a password reset for a user',
        params: idParams,
        body: adminPasswordResetBodySchema,
        response: answers(adminPasswordResetSchema),
      },
    },
    async (request, reply) =>
      reply.ok(await openPasswordReset(db, sender, operatorAct(request)), 'operation_succeeded'),
  );
};
