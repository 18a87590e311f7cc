import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document of the user API, generated from the same zod schemas that validate each request
 * (packages/contracts), served as JSON at /api/docs/json with a reference UI at /api/docs. Registered before
 * the routes, it sees every one of them; the web's own files are left out.
 */
export const apiDocs = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Contract Trader API',
          description:
            'Every answer is {code, msg, key, data}; msg is in the language of the lang header. Signed-in calls send the session token in the token header.',
          version: '1.0.0',
        },
        components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
      },
      transform: ({ schema, url, route, ...rest }) => {
        const hidden = !url.startsWith('/api/') || url.startsWith('/api/docs');
        const transformed = jsonSchemaTransform({ schema, url, route, ...rest });
        return hidden ? { ...transformed, schema: { ...transformed.schema, hide: true } } : transformed;
      },
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'api-docs' },
);
