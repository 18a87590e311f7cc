import type { Readable } from 'node:stream';
import { z } from 'zod';
import { envelopeSchema, refusalEnvelopeSchema } from '@app/contracts';

/**
 * A route's response schema: the success envelope around `data`, and the refusal envelope for every 4xx and
 * 5xx. Answers are serialized through it (so a field the contract does not name never leaves the server) and
 * the OpenAPI document shows it.
 */
export const answers = <T extends z.ZodType>(data: T) => ({
  200: envelopeSchema(data),
  '4xx': refusalEnvelopeSchema,
  '5xx': refusalEnvelopeSchema,
});

/**
 * The response schema of a route that answers a file (an image, a CSV): bytes on success, JSON refusals. The
 * bytes are never serialized (Fastify sends a buffer, a stream or a string as it is), so the schema only types
 * the handler's reply and describes the answer in the OpenAPI document.
 */
export const fileAnswers = (description: string, mediaType: string) => ({
  // x-media-type carries the file's type to the document (api-docs.ts files the answer under it).
  200: z
    .custom<Buffer | string | Readable>()
    .meta({ type: 'string', format: 'binary', description, 'x-media-type': mediaType }),
  '4xx': refusalEnvelopeSchema,
  '5xx': refusalEnvelopeSchema,
});
