import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminContentItemSchema,
  adminContentListSchema,
  brandChangeBodySchema,
  brandSettingsSchema,
  contentPreviewBodySchema,
  contentPreviewSchema,
  engageSettingsSchema,
  reasonSchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import {
  contentCreateSchema,
  contentEditSchema,
  contentListQuery,
  contentPublishSchema,
  createContent,
  editContent,
  listAllContent,
  setContentState,
} from './content-admin.ts';
import { plainText, sanitiseRichText } from './content-sanitise.ts';
import { changeEngage, engageChangeSchema, engageView, loadEngage } from './engage-settings.ts';
import { changeBrand, loadBrand } from './brand-settings.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Operators: content (create, edit, schedule, publish, withdraw), public settings, inbox messages and
 * customer-service answers. Every change is audited in its own transaction.
 */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app;
  const actor = (request: { operator: string; ip: string }) => ({ operator: request.operator, ip: request.ip });

  app.get(
    '/admin/content',
    {
      config: { access: 'content.edit' },
      schema: {
        summary: 'List content (banners, notices, news, activities)',
        querystring: contentListQuery,
        response: answers(adminContentListSchema),
      },
    },
    async (request, reply) => reply.ok({ items: await listAllContent(db, request.query.kind) }),
  );
  app.post(
    '/admin/content',
    {
      config: { access: 'content.edit' },
      schema: {
        summary: 'Create a content item',
        body: contentCreateSchema,
        response: answers(adminContentItemSchema),
      },
    },
    async (request, reply) =>
      reply.ok(await createContent(db, request.body, actor(request), now()), 'operation_succeeded'),
  );
  app.post(
    '/admin/content/:id',
    {
      config: { access: 'content.edit' },
      schema: {
        summary: 'Edit a content item',
        params: idParams,
        body: contentEditSchema,
        response: answers(adminContentItemSchema),
      },
    },
    async (request, reply) =>
      reply.ok(await editContent(db, request.params.id, request.body, actor(request)), 'operation_succeeded'),
  );
  // The console's phone preview shows exactly what a save would store: the same cleaning, nothing written.
  app.post(
    '/admin/content/preview',
    {
      config: { access: 'content.edit' },
      schema: {
        summary: 'Preview a content item as a save would store it',
        body: contentPreviewBodySchema,
        response: answers(contentPreviewSchema),
      },
    },
    async (request, reply) =>
      reply.ok({
        title: plainText(request.body.title).slice(0, 120),
        summary: plainText(request.body.summary),
        body: sanitiseRichText(request.body.body),
      }),
  );
  for (const action of ['publish', 'withdraw'] as const) {
    app.post(
      `/admin/content/:id/${action}`,
      {
        config: { access: 'content.edit' },
        schema: {
          summary: action === 'publish' ? 'Publish a content item' : 'Withdraw a published content item',
          params: idParams,
          body: contentPublishSchema,
          response: answers(adminContentItemSchema),
        },
      },
      async (request, reply) =>
        reply.ok(
          await setContentState(db, request.params.id, action, request.body, actor(request), now()),
          'operation_succeeded',
        ),
    );
  }

  app.get(
    '/admin/engage-settings',
    {
      config: { access: 'settings.edit' },
      schema: { summary: 'Read the engagement settings', response: answers(engageSettingsSchema) },
    },
    async (_request, reply) => reply.ok(engageView(await loadEngage(db))),
  );
  app.post(
    '/admin/engage-settings',
    {
      config: { access: 'settings.edit' },
      schema: {
        summary: 'Change the engagement settings',
        body: engageChangeSchema.extend({ reason: reasonSchema }),
        response: answers(engageSettingsSchema),
      },
    },
    async (request, reply) => {
      const { reason, ...change } = request.body;
      const saved = await changeEngage(db, change, { operator: request.operator, reason, ip: request.ip });
      return reply.ok(saved, 'operation_succeeded');
    },
  );

  // The platform's name as the app shows it: the settings record behind Home's bar and the share poster.
  app.get(
    '/admin/brand-settings',
    {
      config: { access: 'settings.edit' },
      schema: { summary: "Read the platform's brand settings", response: answers(brandSettingsSchema) },
    },
    async (_request, reply) => reply.ok(await loadBrand(db)),
  );
  app.post(
    '/admin/brand-settings',
    {
      config: { access: 'settings.edit' },
      schema: {
        summary: "Change the platform's brand settings",
        body: brandChangeBodySchema,
        response: answers(brandSettingsSchema),
      },
    },
    async (request, reply) => {
      const { reason, brand_name } = request.body;
      return reply.ok(
        await changeBrand(db, brand_name, { operator: request.operator, reason, ip: request.ip }),
        'operation_succeeded',
      );
    },
  );
};
