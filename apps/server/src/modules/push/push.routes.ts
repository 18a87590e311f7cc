import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pushDeviceIdBodySchema,
  pushEndpointBodySchema,
  pushKindsBodySchema,
  pushSettingsSchema,
  pushSubscribeBodySchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import type { PushServiceRule } from './push-services.ts';
import type { VapidKeys } from './vapid.ts';
import { pushSettingsOf, removeDevice, setKind, subscribe, unsubscribe } from './push-settings.service.ts';

/** /api/user/push: the user's devices that get notifications, and the kinds they get. Every answer is the settings. */
export const pushRoutes: FastifyPluginAsyncZod<{ vapid: () => VapidKeys; allowed: PushServiceRule }> = async (
  app,
  { vapid, allowed },
) => {
  const { db } = app;
  app.addHook('onRequest', app.requireUser);
  const settings = (userId: number) => pushSettingsOf(db, userId, vapid().publicKey);

  app.get(
    '/api/user/push',
    {
      schema: {
        summary: 'Push notifications: the server key, the kinds on, the devices',
        response: answers(pushSettingsSchema),
      },
    },
    async (request, reply) => reply.ok(await settings(currentUser(request).userId)),
  );
  app.post(
    '/api/user/push/subscribe',
    {
      schema: {
        summary: "This device's push subscription (PushSubscription.toJSON())",
        body: pushSubscribeBodySchema,
        response: answers(pushSettingsSchema),
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = currentUser(request);
      await db.transaction((tx) =>
        subscribe(tx, userId, request.body, { allowed, userAgent: request.headers['user-agent'], sessionId }),
      );
      return reply.ok(await settings(userId));
    },
  );
  app.post(
    '/api/user/push/unsubscribe',
    {
      schema: {
        summary: 'Stop notifications to this device (by its endpoint)',
        body: pushEndpointBodySchema,
        response: answers(pushSettingsSchema),
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      await unsubscribe(db, userId, request.body.endpoint);
      return reply.ok(await settings(userId));
    },
  );
  app.post(
    '/api/user/push/remove',
    {
      schema: {
        summary: 'Remove one of my devices from notifications',
        body: pushDeviceIdBodySchema,
        response: answers(pushSettingsSchema),
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      await removeDevice(db, userId, request.body.id);
      return reply.ok(await settings(userId));
    },
  );
  app.post(
    '/api/user/push/kinds',
    {
      schema: {
        summary: 'Turn a kind of notification on or off (every device)',
        body: pushKindsBodySchema,
        response: answers(pushSettingsSchema),
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      await setKind(db, userId, request.body.kind, request.body.on === '1');
      return reply.ok(await settings(userId));
    },
  );
};
