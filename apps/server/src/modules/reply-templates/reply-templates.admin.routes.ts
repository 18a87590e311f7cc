import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  replyTemplateBodySchema,
  replyTemplateListQuerySchema,
  replyTemplateListSchema,
  replyTemplateParamsSchema,
  replyTemplateRemoveBodySchema,
  replyTemplateSchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { operatorAct } from '../../platform/http/operator-act.ts';
import { changeTemplate, createTemplate, listTemplates, removeTemplate } from './reply-templates.service.ts';

/**
 * Reply templates. Every operator may read them (each role refuses or answers something: finance deposits and
 * withdrawals, support real names and conversations); customer service writes them (`support.reply`: what users
 * are told is its craft), each create, change and removal audited with a reason.
 */
export const adminReplyTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const manage = { access: 'support.reply' } as const;
  app.get(
    '/admin/reply-templates',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'List the reply templates in force, optionally those offered for one act',
        querystring: replyTemplateListQuerySchema,
        response: answers(replyTemplateListSchema),
      },
    },
    async (request, reply) => reply.ok({ items: await listTemplates(db, request.query.use) }),
  );
  app.post(
    '/admin/reply-templates',
    {
      config: manage,
      schema: {
        summary: 'Create a reply template, with a reason',
        body: replyTemplateBodySchema,
        response: answers(replyTemplateSchema),
      },
    },
    async (request, reply) => reply.ok(await createTemplate(db, operatorAct(request)), 'operation_succeeded'),
  );
  app.post(
    '/admin/reply-templates/:id',
    {
      config: manage,
      schema: {
        summary: "Change a reply template's name, acts and texts, with a reason",
        params: replyTemplateParamsSchema,
        body: replyTemplateBodySchema,
        response: answers(replyTemplateSchema),
      },
    },
    async (request, reply) => reply.ok(await changeTemplate(db, operatorAct(request)), 'operation_succeeded'),
  );
  app.post(
    '/admin/reply-templates/:id/remove',
    {
      config: manage,
      schema: {
        summary: 'Remove a reply template, with a reason',
        params: replyTemplateParamsSchema,
        body: replyTemplateRemoveBodySchema,
        response: answers(z.null()),
      },
    },
    async (request, reply) => {
      await removeTemplate(db, operatorAct(request));
      return reply.ok(null, 'operation_succeeded');
    },
  );
};
