import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminKycDecisionBodySchema, adminKycQuerySchema } from '@app/contracts';
import type { Db } from '../db/client.ts';
import { decideSubmission, listSubmissions, type ApprovalHook } from '../modules/kyc/kyc.service.ts';
import { qualifyInvitee } from '../modules/referral/referral.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Real-name review: list submissions (numbers masked), approve or refuse with a reason; each decision audited. */
export const adminKycRoutes: FastifyPluginAsyncZod<{ db: Db; onApproved?: ApprovalHook }> = async (
  app,
  { db, onApproved },
) => {
  app.get('/admin/kyc', { schema: { querystring: adminKycQuerySchema } }, async (request, reply) =>
    reply.ok({ items: await listSubmissions(db, request.query) }),
  );

  for (const approve of [true, false]) {
    app.post(
      `/admin/kyc/:id/${approve ? 'approve' : 'refuse'}`,
      { schema: { params: idParams, body: adminKycDecisionBodySchema } },
      async (request, reply) => {
        const item = await decideSubmission(db, {
          id: request.params.id,
          approve,
          reason: request.body.reason,
          operator: request.operator,
          ip: request.ip,
          // An approved real name may qualify the user's inviter for the invitation bonus.
          onApproved: onApproved ?? (async (tx, userId) => void (await qualifyInvitee(tx, userId, 'real_name'))),
        });
        return reply.ok(item, 'operation_succeeded');
      },
    );
  }
};
