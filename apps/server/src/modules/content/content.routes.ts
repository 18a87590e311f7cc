import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LANGUAGES,
  activityListQuerySchema,
  contentDetailSchema,
  contentIdQuerySchema,
  contentListSchema,
  contentPageQuerySchema,
  homeSchema,
  noticeQuerySchema,
  platformInfoSchema,
  publicSettingsSchema,
  uploadIdParamsSchema,
  type PlatformInfo,
} from '@app/contracts';
import { answers, fileAnswers } from '../../platform/http/answers.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { UploadStore } from '../uploads/index.ts';
import { contentDetail, homeContent, listContent } from './content.service.ts';
import { publicSettings } from './engage-settings.ts';

/** Images operators place in articles and activities (purpose "content"): the only images a body may show. */
export const CONTENT_IMAGE_PURPOSE = 'content';

/**
 * The public index group, with the spec's names. Open to visitors; text comes in the request's language
 * (English where a translation is missing). Answers may be cached briefly by the browser, never shared.
 */
export const contentRoutes: FastifyPluginAsyncZod<{ store: UploadStore }> = async (app, { store }) => {
  const { db, tz, simulated, now } = app;

  app.get(
    '/api/index/banner',
    { schema: { summary: 'Home page banners', response: answers(contentListSchema) } },
    async (request, reply) =>
      reply.ok(await listContent(db, { kind: 'banner', lang: request.lang, page: 1, size: 10, now: now() })),
  );
  /** A page of notices, or one notice (with its body) when `id` is given. */
  app.get(
    '/api/index/notice',
    {
      schema: {
        summary: 'List notices, or one notice with its body',
        querystring: noticeQuerySchema,
        response: answers(z.union([contentListSchema, contentDetailSchema])),
      },
    },
    async (request, reply) => {
      const { id, page, size } = request.query;
      if (id !== undefined)
        return reply.ok(await contentDetail(db, { kind: 'notice', id, lang: request.lang, now: now() }));
      return reply.ok(await listContent(db, { kind: 'notice', lang: request.lang, page, size, now: now() }));
    },
  );
  app.get(
    '/api/index/about_list',
    {
      schema: {
        summary: 'List the About pages',
        querystring: contentPageQuerySchema,
        response: answers(contentListSchema),
      },
    },
    async (request, reply) =>
      reply.ok(await listContent(db, { kind: 'news', lang: request.lang, ...request.query, now: now() })),
  );
  app.get(
    '/api/index/about_details',
    {
      schema: { summary: 'One About page', querystring: contentIdQuerySchema, response: answers(contentDetailSchema) },
    },
    async (request, reply) =>
      reply.ok(await contentDetail(db, { kind: 'news', id: request.query.id, lang: request.lang, now: now() })),
  );
  app.get(
    '/api/index/activity_list',
    {
      schema: {
        summary: 'List activities',
        querystring: activityListQuerySchema,
        response: answers(contentListSchema),
      },
    },
    async (request, reply) => {
      const { type, page, size } = request.query;
      return reply.ok(
        await listContent(db, {
          kind: 'activity',
          lang: request.lang,
          page,
          size,
          now: now(),
          ...(type ? { activityType: type } : {}),
        }),
      );
    },
  );
  app.get(
    '/api/index/activity_details',
    { schema: { summary: 'One activity', querystring: contentIdQuerySchema, response: answers(contentDetailSchema) } },
    async (request, reply) =>
      reply.ok(await contentDetail(db, { kind: 'activity', id: request.query.id, lang: request.lang, now: now() })),
  );
  app.get(
    '/api/index/home',
    { schema: { summary: 'Home page content', response: answers(homeSchema) } },
    async (request, reply) => reply.ok(await homeContent(db, request.lang, now())),
  );
  app.get(
    '/api/index/info',
    { schema: { summary: 'Platform information (name, support, links)', response: answers(platformInfoSchema) } },
    async (_request, reply) => {
      const info: PlatformInfo = {
        name: 'Yuebao Trade',
        currency: 'USD',
        unit: 'U',
        time_zone: tz,
        languages: [...LANGUAGES],
        simulated,
      };
      return reply.ok(info);
    },
  );
  app.get(
    '/api/index/ater',
    { schema: { summary: 'Platform text pages (terms, privacy)', response: answers(publicSettingsSchema) } },
    async (_request, reply) => reply.ok(await publicSettings(db, tz)),
  );

  app.get(
    '/api/index/image',
    {
      schema: {
        summary: 'A content image file',
        querystring: uploadIdParamsSchema,
        response: fileAnswers('The image (its own content type)', 'image/*'),
      },
    },
    async (request, reply) => {
      const found = await store.read(db, request.query.id);
      if (!found || found.meta.purpose !== CONTENT_IMAGE_PURPOSE) throw new AppError('no_data');
      return reply
        .header('content-type', found.meta.mime)
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(found.data);
    },
  );
};
