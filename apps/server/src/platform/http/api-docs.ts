import fp from 'fastify-plugin';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type ApiDescription = {
  prefix: string;
  title: string;
  description: string;
  securitySchemes: NonNullable<NonNullable<FastifyDynamicSwaggerOptions['openapi']>['components']>['securitySchemes'];
};

const userApi: ApiDescription = {
  prefix: '/api',
  title: 'Contract Trader API',
  description:
    'Every answer is {code, msg, key, data}; msg is in the language of the lang header. Signed-in calls send the session token in the token header.',
  securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
};

export const operatorApi: ApiDescription = {
  prefix: '/admin',
  title: 'Contract Trader operator API',
  description:
    'Every answer is {code, msg, key, data}. Every call sends the bearer token and X-Operator; every change states a reason and is audited.',
  securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
};

/**
 * The OpenAPI document of an API, generated from the same zod schemas that validate each request and
 * serialize each answer (packages/contracts), served as JSON at <prefix>/docs/json with a reference UI at
 * <prefix>/docs. Registered before the routes, it sees every one of them; anything outside the prefix (the
 * web's own files) is left out.
 */
export const apiDocs = fp<{ api?: ApiDescription }>(
  async (app, { api = userApi }) => {
    const docs = `${api.prefix}/docs`;
    await app.register(swagger, {
      openapi: {
        info: { title: api.title, description: api.description, version: '1.0.0' },
        components: { securitySchemes: api.securitySchemes },
      },
      transform: ({ schema, url, route, ...rest }) => {
        const hidden = !url.startsWith(`${api.prefix}/`) || url.startsWith(docs);
        const transformed = jsonSchemaTransform({ schema, url, route, ...rest });
        return hidden ? { ...transformed, schema: { ...transformed.schema, hide: true } } : transformed;
      },
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: docs, staticCSP: true });
  },
  { name: 'api-docs' },
);
