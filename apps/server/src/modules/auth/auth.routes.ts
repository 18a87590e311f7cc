import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginBodySchema,
  passkeyAssertionBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  sendCodeBodySchema,
  sendCodeDataSchema,
  sessionDataSchema,
  webauthnOptionsSchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import type { MessageSender } from '../../platform/messaging/message-sender.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { assertPhoneAvailable, login, register } from './auth.service.ts';
import { revokeSession } from './sessions.ts';
import { loginOptions, loginWithPasskey } from './passkeys.service.ts';
import { assertResetOpen, completePasswordReset } from './password-reset.service.ts';
import { issueCode } from './verification-codes.ts';
import { authHooks } from './auth-hooks.ts';

export const authRoutes: FastifyPluginAsyncZod<{ sender: MessageSender; perMinute: number }> = async (
  app,
  { sender, perMinute },
) => {
  const { db, config } = app;
  // Per-address limits on top of the per-account login throttle: generous for people, tight for scripts.
  const strict = { rateLimit: { max: perMinute, timeWindow: '1 minute' } };

  app.post(
    '/api/login/sendcode',
    {
      schema: {
        summary: 'Send an SMS verification code',
        body: sendCodeBodySchema,
        response: answers(sendCodeDataSchema),
      },
      config: strict,
    },
    async (request, reply) => {
      const { phone, purpose } = request.body;
      // `support`: anyone may prove a phone to write to customer service (the daily caps still apply).
      if (purpose === 'register') await assertPhoneAvailable(db, phone);
      else if (purpose !== 'support') await assertResetOpen(db, phone, purpose === 'reset_login' ? 'login' : 'fund');
      const sent = await issueCode(
        db,
        sender,
        { phone, purpose, lang: request.lang, ip: request.ip },
        config.smsDailyCaps,
      );
      return reply.ok({ resend_in: sent.resendIn, expires_in: sent.expiresIn }, 'code_sent');
    },
  );

  /** Completes a password reset customer service opened, with the code sent to the account's phone. */
  app.post(
    '/api/login/reset_password',
    {
      schema: {
        summary: 'Complete a password reset with the SMS code',
        body: resetPasswordBodySchema,
        response: answers(z.null()),
      },
      config: strict,
    },
    async (request, reply) => {
      await completePasswordReset(db, request.body);
      return reply.ok(null, 'password_reset_done');
    },
  );

  app.post(
    '/api/login/reg',
    {
      schema: { summary: 'Register an account', body: registerBodySchema, response: answers(sessionDataSchema) },
      config: strict,
    },
    async (request, reply) => {
      const session = await register(
        db,
        request.body as Parameters<typeof register>[1],
        request.ip,
        request.lang,
        request.headers['user-agent'],
      );
      await authHooks.sessionOpened.emit(db, {
        token: session.token,
        kind: 'register',
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        sender,
      });
      return reply.ok(session, 'registered');
    },
  );

  app.post(
    '/api/login/index',
    {
      schema: {
        summary: 'Sign in with account or phone and password',
        body: loginBodySchema,
        response: answers(sessionDataSchema),
      },
      config: strict,
    },
    async (request, reply) => {
      const session = await login(db, request.body, request.ip, request.lang, request.headers['user-agent']);
      await authHooks.sessionOpened.emit(db, {
        token: session.token,
        kind: 'login',
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        sender,
      });
      return reply.ok(session, 'login_succeeded');
    },
  );

  /** Signing in with a passkey alone: options (a challenge any of this site's passkeys may answer), then the answer. */
  app.post(
    '/api/login/passkey_options',
    {
      schema: { summary: 'Start a passkey sign-in (WebAuthn options)', response: answers(webauthnOptionsSchema) },
      config: strict,
    },
    async (_request, reply) => reply.ok({ options: await loginOptions(db, config.webauthn) }),
  );
  app.post(
    '/api/login/passkey',
    {
      schema: {
        summary: 'Sign in with a passkey',
        body: passkeyAssertionBodySchema,
        response: answers(sessionDataSchema),
      },
      config: strict,
    },
    async (request, reply) => {
      const session = await loginWithPasskey(db, config.webauthn, {
        credential: request.body.credential,
        ip: request.ip,
        lang: request.lang,
        userAgent: request.headers['user-agent'],
      });
      await authHooks.sessionOpened.emit(db, {
        token: session.token,
        kind: 'login',
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        sender,
      });
      return reply.ok(session, 'login_succeeded');
    },
  );

  app.post(
    '/api/login/logout',
    { onRequest: app.requireUser, schema: { summary: 'Sign out this session', response: answers(z.null()) } },
    async (request, reply) => {
      await revokeSession(db, currentUser(request).sessionId);
      return reply.ok(null, 'logged_out');
    },
  );
};
