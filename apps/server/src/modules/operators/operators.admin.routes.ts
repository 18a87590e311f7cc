import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminReasonBodySchema,
  apiTokenCreateBodySchema,
  apiTokenCreatedSchema,
  apiTokenListSchema,
  apiTokenSchema,
  operatorAcceptBodySchema,
  operatorBootstrapBodySchema,
  operatorEnrolBodySchema,
  operatorIdParamsSchema,
  operatorInviteBodySchema,
  operatorInviteResultSchema,
  operatorListSchema,
  operatorLoginBodySchema,
  operatorLoginResultSchema,
  operatorMeSchema,
  operatorRoleBodySchema,
  operatorSchema,
  operatorSessionListSchema,
  operatorSessionSchema,
  ROLE_PERMISSIONS,
  roleAllows,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { currentOperator } from '../../platform/http/operator-auth.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.ts';
import { SESSION_COOKIE } from './operator-guard.ts';
import { acceptInvitation, bootstrapFirstAdmin, enrolAuthenticator, signIn } from './operator-login.service.ts';
import {
  closeSession,
  csrfOf,
  liveSessions,
  OPERATOR_ABSOLUTE_SECONDS,
  revokeOperatorSession,
} from './operator-sessions.ts';
import { changeOperator, findOperator, inviteOperator, listOperators } from './operators.service.ts';
import { operatorAct } from '../../platform/http/operator-act.ts';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;
const LOOPBACK_PEER = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/;

/**
 * The console on plain loopback: http, from this machine, to a loopback name (an SSH tunnel, an operator on the
 * node), with no proxy in between. Only there may the session cookie go without Secure, since a browser keeps a
 * Secure cookie only from https. Anywhere else, on a private network included, it is Secure: over plain http the
 * console then cannot sign in, rather than send a live session in clear text. The admin app trusts no proxy, so a
 * TLS proxy in front shows as one that forwards (X-Forwarded-*, Forwarded) or keeps the public Host.
 */
function onPlainLoopback(request: FastifyRequest): boolean {
  const { headers } = request;
  return (
    request.protocol === 'http' &&
    LOOPBACK_PEER.test(request.socket.remoteAddress ?? '') &&
    LOOPBACK_HOST.test(headers.host ?? '') &&
    headers['x-forwarded-proto'] === undefined &&
    headers['x-forwarded-for'] === undefined &&
    headers.forwarded === undefined
  );
}

function setSessionCookie(reply: FastifyReply, token: string, cookieSecure: 'auto' | 'always') {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: cookieSecure === 'always' || !onPlainLoopback(reply.request),
    path: '/',
    maxAge: OPERATOR_ABSOLUTE_SECONDS,
  });
}

/**
 * Operators themselves: the first admin (with the shared token), invitations, signing in with a password and an
 * authenticator, sessions, API tokens for the CLI, and an admin's changes to other operators. Every change is
 * audited; nobody ever sees another operator's password or authenticator secret.
 */
export const adminOperatorRoutes: FastifyPluginAsyncZod<{ cookieSecure?: 'auto' | 'always' }> = async (
  app,
  { cookieSecure = 'auto' },
) => {
  const { db } = app;

  app.post(
    '/admin/operators/bootstrap',
    {
      config: { access: 'shared-token' },
      schema: {
        summary: 'Make a founding admin with the shared token',
        body: operatorBootstrapBodySchema,
        response: answers(operatorSchema),
      },
    },
    async (request, reply) => reply.ok(await bootstrapFirstAdmin(db, request.body, request.ip), 'operation_succeeded'),
  );

  app.post(
    '/admin/session/accept',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Accept an operator invitation',
        body: operatorAcceptBodySchema,
        response: answers(operatorSchema),
      },
    },
    async (request, reply) => reply.ok(await acceptInvitation(db, request.body, request.ip), 'operation_succeeded'),
  );

  app.post(
    '/admin/session/login',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign in to the console',
        body: operatorLoginBodySchema,
        response: answers(operatorLoginResultSchema),
      },
    },
    async (request, reply) => {
      const { token, result } = await signIn(db, request.body, meta(request));
      if (token) setSessionCookie(reply, token, cookieSecure);
      return reply.ok(result, result.state === 'signed_in' ? 'login_succeeded' : 'ok');
    },
  );

  app.post(
    '/admin/session/enrol',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Enrol an authenticator at first sign-in',
        body: operatorEnrolBodySchema,
        response: answers(operatorSessionSchema),
      },
    },
    async (request, reply) => {
      const { token, session } = await enrolAuthenticator(db, request.body, meta(request));
      setSessionCookie(reply, token, cookieSecure);
      return reply.ok(session, 'login_succeeded');
    },
  );

  app.get(
    '/admin/session',
    {
      config: { access: 'signed-in' },
      schema: { summary: 'The signed-in operator', response: answers(operatorMeSchema) },
    },
    async (request, reply) => {
      const who = currentOperator(request);
      const operator = await findOperator(db, who.id);
      if (!operator) throw new AppError('login_required');
      const cookie = request.cookies[SESSION_COOKIE];
      return reply.ok({
        operator,
        permissions: [...ROLE_PERMISSIONS[who.role]],
        via: who.via,
        ...(who.via === 'session' && cookie ? { csrf_token: csrfOf(cookie) } : {}),
      });
    },
  );

  app.post(
    '/admin/session/logout',
    { config: { access: 'signed-in' }, schema: { summary: 'Sign out of the console', response: answers(z.null()) } },
    async (request, reply) => {
      const who = currentOperator(request);
      if (who.sessionId !== null) await closeSession(db, who.sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.ok(null, 'logged_out');
    },
  );

  app.get(
    '/admin/operators',
    {
      config: { access: 'operators.manage' },
      schema: { summary: 'List operators', response: answers(operatorListSchema) },
    },
    async (_request, reply) => reply.ok({ items: await listOperators(db) }),
  );

  app.post(
    '/admin/operators',
    {
      config: { access: 'operators.manage' },
      schema: {
        summary: 'Invite an operator',
        body: operatorInviteBodySchema,
        response: answers(operatorInviteResultSchema),
      },
    },
    async (request, reply) => {
      const result = await inviteOperator(db, operatorAct(request));
      return reply.ok(result, 'held' in result ? 'change_proposed' : 'operation_succeeded');
    },
  );

  const change = (path: string, kind: 'role' | 'disable' | 'enable' | 'reset_authenticator', summary: string) =>
    app.post(
      `/admin/operators/:id/${path}`,
      {
        config: { access: 'operators.manage' },
        schema: {
          summary,
          params: operatorIdParamsSchema,
          body: kind === 'role' ? operatorRoleBodySchema : adminReasonBodySchema,
          response: answers(operatorSchema),
        },
      },
      async (request, reply) => {
        const { operator, held } = await changeOperator(db, currentOperator(request), kind, operatorAct(request));
        return reply.ok(operator, held ? 'change_proposed' : 'operation_succeeded');
      },
    );
  change('role', 'role', "Change an operator's role");
  change('disable', 'disable', 'Disable an operator');
  change('enable', 'enable', 'Enable an operator again');
  change('reset-authenticator', 'reset_authenticator', "Reset an operator's authenticator");

  const mayManage = (request: FastifyRequest) => roleAllows(currentOperator(request).role, 'operators.manage');

  app.get(
    '/admin/operator-sessions',
    {
      config: { access: 'signed-in' },
      schema: { summary: 'List my console sessions', response: answers(operatorSessionListSchema) },
    },
    async (request, reply) => {
      const who = currentOperator(request);
      return reply.ok({ items: await liveSessions(db, who.sessionId, mayManage(request) ? undefined : who.id) });
    },
  );

  app.post(
    '/admin/operator-sessions/:id/revoke',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'End one of my console sessions',
        params: operatorIdParamsSchema,
        body: adminReasonBodySchema,
        response: answers(z.null()),
      },
    },
    async (request, reply) => {
      await revokeOperatorSession(db, currentOperator(request), mayManage(request), operatorAct(request));
      return reply.ok(null, 'operation_succeeded');
    },
  );

  app.get(
    '/admin/tokens',
    {
      config: { access: 'signed-in' },
      schema: { summary: 'List my API tokens', response: answers(apiTokenListSchema) },
    },
    async (request, reply) =>
      reply.ok({ items: await listApiTokens(db, mayManage(request) ? undefined : currentOperator(request).id) }),
  );

  app.post(
    '/admin/tokens',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Make an API token for the CLI',
        body: apiTokenCreateBodySchema,
        response: answers(apiTokenCreatedSchema),
      },
    },
    async (request, reply) =>
      reply.ok(
        await createApiToken(db, currentOperator(request), {
          operator: request.operator,
          ip: request.ip,
          body: request.body,
          params: {},
        }),
        'operation_succeeded',
      ),
  );

  app.post(
    '/admin/tokens/:id/revoke',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Revoke an API token',
        params: operatorIdParamsSchema,
        body: adminReasonBodySchema,
        response: answers(apiTokenSchema),
      },
    },
    async (request, reply) =>
      reply.ok(
        await revokeApiToken(db, currentOperator(request), mayManage(request), operatorAct(request)),
        'operation_succeeded',
      ),
  );
};
