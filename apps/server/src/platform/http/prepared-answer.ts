import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '@app/contracts';
import { translate } from '@app/i18n/catalogue';

export type Encoding = 'br' | 'gzip' | 'identity';
/** A whole answer as it goes on the wire, made once and sent to many askers. */
export type PreparedBody = { bytes: Buffer; encoding: Encoding };

/** As the app's compression: smaller answers go as they are. */
const COMPRESS_ABOVE = 1024;

/**
 * The route options of an answer sent as prepared bytes: it is compressed when it is made, so the app's compression
 * plugin would only look at each answer and pass it on, in three hooks a request; and such reads take no body to
 * decompress.
 */
export const PREPARED_ROUTE_OPTIONS = { compress: false, decompress: false } as const;

/** The Content-Type of every prepared answer. */
export const PREPARED_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The encoding an answer goes in for a request's Accept-Encoding, as the app's compression would choose it. */
export function encodingOf(accepted = ''): Encoding {
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/** Where an answer's bodies are kept: one per language and encoding. */
export const bodyKey = (lang: Language, encoding: Encoding) => `${lang}:${encoding}`;

/**
 * `{code: 200, msg, key: 'ok', data}` in the request's language, through the route's response schema as
 * reply.ok's answer would go, compressed as the app's compression would compress it.
 */
function prepareAnswer(request: FastifyRequest, reply: FastifyReply, data: unknown, encoding: Encoding) {
  const envelope = { code: 200, msg: translate(request.lang, 'ok'), key: 'ok', data };
  const json = Buffer.from(reply.code(200).serialize(envelope) as string);
  if (json.length <= COMPRESS_ABOVE || encoding === 'identity') return { bytes: json, encoding: 'identity' } as const;
  if (encoding === 'br')
    return { bytes: brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }), encoding } as const;
  return { bytes: gzipSync(json), encoding } as const;
}

/**
 * The answer of `data` in the request's language and encoding, from `bodies` (the answers already made of the same
 * data, by language and encoding), made there the first time.
 */
export function preparedBody(
  bodies: Map<string, PreparedBody>,
  request: FastifyRequest,
  reply: FastifyReply,
  data: unknown,
): PreparedBody {
  const encoding = encodingOf(request.headers['accept-encoding']);
  const key = bodyKey(request.lang, encoding);
  let body = bodies.get(key);
  if (!body) {
    body = prepareAnswer(request, reply, data, encoding);
    bodies.set(key, body);
  }
  return body;
}

/** Sends a prepared answer, with the headers reply.ok and the app's compression would have set. */
export function sendPrepared(reply: FastifyReply, body: PreparedBody): FastifyReply {
  reply.code(200).header('content-type', PREPARED_CONTENT_TYPE).header('vary', 'accept-encoding');
  if (body.encoding !== 'identity') reply.header('content-encoding', body.encoding);
  return reply.send(body.bytes);
}
