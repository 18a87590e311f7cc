import type { IncomingHttpHeaders } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isMessageKey, codeOf, type Language, type MessageKey } from '@app/contracts';
import { pickLanguage, translate } from '@app/i18n/catalogue';
import { AppError, type ErrorParams } from './app-error.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { requestFields } from './request-log.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
  interface FastifyReply {
    /** Sends a success envelope with the key's text in the request's language. */
    ok<T>(data: T, key?: MessageKey): FastifyReply;
  }
}

/**
 * Every answer is `{code, msg, key, data}`. Refusals come from AppError or from schema validation;
 * anything else is logged and answered with a generic message: a client never sees a stack trace.
 */
export const envelopePlugin = fp(
  async (app) => {
    app.decorateRequest('lang', 'en');
    // Callback hooks, not async ones: every request runs these, and an async hook costs a promise each.
    app.addHook('onRequest', (request, _reply, done) => {
      request.lang = languageOf(request.headers);
      done();
    });
    // PostgreSQL text cannot hold a NUL character: an input with one is refused here, as bad input, rather
    // than failing as a database error deep in a handler.
    app.addHook('preValidation', (request, _reply, done) => {
      done(holdsNul(request.query) || holdsNul(request.body) ? new AppError('invalid_request') : undefined);
    });

    app.decorateReply('ok', function ok<T>(this: FastifyReply, data: T, key: MessageKey = 'ok') {
      return this.code(200).send({ code: 200, msg: translate(this.request.lang, key), key, data });
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      const refusal = toRefusal(error, request);
      if (refusal.key === 'system_error')
        request.log.error({ err: error, ...requestFields(request) }, 'unhandled error');
      else request.log.info({ key: refusal.key, field: refusal.field, ...requestFields(request) }, 'refused');
      return sendRefusal(reply, request.lang, refusal);
    });

    app.setNotFoundHandler((request, reply) => sendRefusal(reply, request.lang, { key: 'not_found' }));
  },
  { name: 'envelope' },
);

/** The language a request asks its answer in: its `lang` header, else `language`, else the default. */
export const languageOf = (headers: IncomingHttpHeaders): Language => pickLanguage(headers.lang, headers.language);

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  return Object.values(value as Record<string, unknown>).some((v) => holdsNul(v, depth + 1));
}

type Refusal = { key: MessageKey; params?: ErrorParams | undefined; field?: string | undefined };

export function sendRefusal(reply: FastifyReply, lang: Language, refusal: Refusal) {
  const code = codeOf(refusal.key);
  const data = refusal.field || refusal.params ? { field: refusal.field, params: refusal.params } : null;
  return reply.code(code).send({ code, msg: translate(lang, refusal.key, refusal.params), key: refusal.key, data });
}

export function toRefusal(error: FastifyError, request: FastifyRequest): Refusal {
  if (error instanceof AppError) return { key: error.key, params: error.params, field: error.field };
  if (hasZodFastifySchemaValidationErrors(error)) {
    if (isBlankForm(request.body) && isBlankForm(request.query)) return { key: 'please_fill_in' };
    const first = error.validation[0];
    const key = first && isMessageKey(first.message) ? first.message : 'invalid_request';
    const field = first?.instancePath.replace(/^\//, '').split('/')[0] || undefined;
    return { key, field };
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return { key: 'payload_too_large' };
  if (error.statusCode === 429) return { key: 'too_many_requests' };
  if (error.statusCode === 404) return { key: 'not_found' };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return { key: 'invalid_request' };
  // The database did not answer in time, or the connection failed: the same request a little later can succeed.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return { key: 'system_busy' };
  }
  return { key: 'system_error' };
}

function isBlankForm(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object') return false;
  return Object.values(value).every((v) => v === undefined || v === null || String(v).trim() === '');
}
