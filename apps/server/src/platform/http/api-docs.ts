import fp from 'fastify-plugin';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type OpenApiOptions = NonNullable<FastifyDynamicSwaggerOptions['openapi']>;
type SecurityRequirement = Record<string, string[]>;

type ApiDescription = {
  prefix: string;
  title: string;
  description: string;
  securitySchemes: NonNullable<OpenApiOptions['components']>['securitySchemes'];
  /** What a route asks of its caller, from what the route declares (checked against the server by api-docs.test). */
  securityOf: (url: string, config: { access?: string } | undefined) => SecurityRequirement[];
};

/** The user API's signed-in routes: everything under /api/user/ but a plan's public page, and signing out. */
const SIGNED_IN = /^\/api\/user\/(?!yeb_project$)|^\/api\/login\/logout$/;
/** A guest's conversation with customer service, behind the ticket its phone's SMS code gave. */
const GUEST_TICKET = /^\/api\/guest\/service$/;

const userApi: ApiDescription = {
  prefix: '/api',
  title: 'Contract Trader API',
  description:
    'Every answer is {code, msg, key, data}; msg is in the language of the lang header. Writes take form fields (application/x-www-form-urlencoded) or JSON; uploads take one multipart file. Signed-in calls send the session token in the token header. Money is a decimal string in USD, times are seconds.',
  securitySchemes: {
    token: { type: 'apiKey', in: 'header', name: 'token' },
    supportTicket: { type: 'apiKey', in: 'header', name: 'x-support-ticket' },
  },
  securityOf: (url) => (SIGNED_IN.test(url) ? [{ token: [] }] : GUEST_TICKET.test(url) ? [{ supportTicket: [] }] : []),
};

export const operatorApi: ApiDescription = {
  prefix: '/admin',
  title: 'Contract Trader operator API',
  description:
    "Every answer is {code, msg, key, data}. Every call is one operator's: a console session (the op_session cookie, with the X-CSRF-Token header of its sign-in on every change) or that operator's API token (Bearer opk_...). The shared ADMIN_TOKEN only makes the founding admins. Every change states a reason and is audited.",
  securitySchemes: {
    operatorToken: { type: 'http', scheme: 'bearer', description: "An operator's API token (opk_...)" },
    consoleSession: { type: 'apiKey', in: 'cookie', name: 'op_session' },
    sharedToken: { type: 'http', scheme: 'bearer', description: 'The shared ADMIN_TOKEN' },
  },
  securityOf: (_url, config): SecurityRequirement[] =>
    config?.access === 'public'
      ? []
      : config?.access === 'shared-token'
        ? [{ sharedToken: [] }]
        : ([{ operatorToken: [] }, { consoleSession: [] }] as SecurityRequirement[]),
};

/** A stable, unique name per operation: the method and the path after the API's prefix (`getUserOrderlist`). */
export function operationIdOf(method: string, url: string, prefix: string): string {
  const words = url
    .slice(prefix.length)
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', ...segment.slice(1).split(/[_-]/)] : segment.split(/[_-]/),
    );
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** A route's tag: the plugin that declares it (`adminUserWalletRoutes` -> `user wallet`), one group per module part. */
export function tagOf(pluginName: string): string {
  const own = pluginName.split(' -> ').pop() ?? pluginName;
  const words = own
    .replace(/^admin(?=[A-Z])/, '')
    .replace(/Routes$/, '')
    .split(/(?=[A-Z])/)
    .map((w) => w.toLowerCase());
  return words.join(' ') || 'misc';
}

const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];
const MULTIPART = 'multipart/form-data';
const uploadBody = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'One image, 5 MiB at most' } },
};

type JsonSchema = { type?: string; format?: string; 'x-media-type'?: string; description?: string };

/** A file answer (fileAnswers) is filed under its own media type, not as JSON. */
function fileAnswerOf(response: Record<string, JsonSchema> | undefined) {
  const ok = response?.['200'];
  if (ok?.format !== 'binary') return response;
  const { 'x-media-type': mediaType, description } = ok;
  const content = {
    [mediaType ?? 'application/octet-stream']: { schema: { type: 'string', format: 'binary' } },
  };
  return { ...response, 200: { description, content } };
}

/**
 * OpenAPI 3.0 has no null type: zod's nullable union becomes `{anyOf: [...], nullable: true}`, which names no
 * type beside `nullable`. Each branch of the union takes the `nullable` instead (the same values are allowed).
 */
function nullableBranches(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableBranches);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node).map(([key, value]) => [key, nullableBranches(value)] as const);
  const schema = Object.fromEntries(entries) as Record<string, unknown>;
  const branches = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  if (schema.nullable === true && schema.type === undefined && branches) {
    delete schema.nullable;
    const key = schema.anyOf ? 'anyOf' : 'oneOf';
    schema[key] = branches.map((branch) => (branch.type ? { ...branch, nullable: true } : branch));
  }
  return schema;
}

/**
 * The OpenAPI document of an API, generated from the same zod schemas that validate each request and
 * serialize each answer (packages/contracts), served as JSON at <prefix>/docs/json with a reference UI at
 * <prefix>/docs. Registered before the routes, it sees every one of them; anything outside the prefix (the
 * web's own files) is left out. Each operation gets its summary (declared on the route), an operationId from
 * its method and path, its module's tag (the declaring plugin), what it asks of the caller, and the real media
 * types of what it takes and answers.
 */
export const apiDocs = fp<{ api?: ApiDescription }>(
  async (app, { api = userApi }) => {
    const docs = `${api.prefix}/docs`;
    app.addHook('onRoute', function tagRoute(route) {
      if (route.schema && !route.schema.tags) route.schema = { ...route.schema, tags: [tagOf(this.pluginName)] };
    });
    await app.register(swagger, {
      openapi: {
        info: {
          title: api.title,
          description: api.description,
          version: '1.0.0',
        },
        servers: [{ url: '/', description: 'This node' }],
        components: { securitySchemes: api.securitySchemes },
      },
      transform: ({ schema, url, route, ...rest }) => {
        const hidden = !url.startsWith(`${api.prefix}/`) || url.startsWith(docs);
        const transformed = jsonSchemaTransform({ schema, url, route, ...rest });
        if (hidden) return { ...transformed, schema: { ...transformed.schema, hide: true } };
        const method = Array.isArray(route.method) ? route.method[0]! : route.method;
        const declared = transformed.schema as Record<string, unknown>;
        const upload = (declared.consumes as string[] | undefined)?.includes(MULTIPART);
        return {
          ...transformed,
          schema: {
            ...declared,
            operationId: operationIdOf(method, url, api.prefix),
            security: api.securityOf(url, route.config as { access?: string } | undefined),
            ...(upload ? { body: uploadBody } : declared.body ? { consumes: FORM_OR_JSON } : {}),
            response: fileAnswerOf(declared.response as Record<string, JsonSchema> | undefined),
          },
        };
      },
      transformObject: (input) => nullableBranches(jsonSchemaTransformObject(input)) as never,
    });
    await app.register(swaggerUi, { routePrefix: docs, staticCSP: true });
  },
  { name: 'api-docs' },
);
