import type { FastifyInstance } from 'fastify';
import { $ZodType, safeEncode } from 'zod/v4/core';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { requireRouteDeclarations } from './route-declarations.ts';

/**
 * Serializes each answer through its route's response schema. A field the schema does not name is dropped
 * from the wire (internal columns never leak); outside production such a drop is an error instead, so a test
 * that calls the route finds a contract that forgot a field the client reads.
 */
export function responseSerializer(options: { refuseDroppedFields: boolean }) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    if (!(schema instanceof $ZodType)) throw new Error(`${method} ${url}: a response schema must be a zod schema`);
    return (data: unknown) => {
      const result = safeEncode(schema, data);
      if (result.error) {
        if (options.refuseDroppedFields)
          console.error(`${method} ${url}: the answer does not match its schema`, result.error.issues);
        throw new ResponseSerializationError(method, url, { cause: result.error });
      }
      if (options.refuseDroppedFields) {
        const dropped = droppedPaths(data, result.data, '');
        if (dropped.length > 0) {
          const message = `${method} ${url}: the response schema drops ${dropped.slice(0, 5).join(', ')}`;
          // Loud on purpose: a developer's mistake, which the test or page that met it should name.
          console.error(message);
          throw new Error(message);
        }
      }
      return JSON.stringify(result.data);
    };
  };
}

function droppedPaths(input: unknown, output: unknown, path: string): string[] {
  if (Array.isArray(input))
    return Array.isArray(output) ? input.flatMap((item, i) => droppedPaths(item, output[i], `${path}[${i}]`)) : [];
  if (!isPlainObject(input) || !isPlainObject(output)) return [];
  return Object.entries(input).flatMap(([key, value]) => {
    if (value === undefined) return [];
    const at = path ? `${path}.${key}` : key;
    return key in output ? droppedPaths(value, output[key], at) : [at];
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Refuses to start an app with an API route that declares no response schema: every answer is in the
 * contract and in the OpenAPI document. The web's own files and the price stream (a WebSocket) are not JSON
 * answers.
 */
export function requireResponseSchemas(app: FastifyInstance, isApi: (url: string) => boolean) {
  requireRouteDeclarations(app, {
    isApi,
    declares: (route) => Boolean((route as { websocket?: boolean }).websocket || route.schema?.response),
    missing: 'routes without a response schema',
  });
}
