import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, operatorHeaders, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
};
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Operations whose success answer the document does not describe (no schema under 200). */
function undescribed(doc: OpenApi) {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => !Object.values(operation.responses['200']?.content ?? {}).some((c) => c.schema))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
}

it('serves an OpenAPI document generated from the request schemas, and a reference UI', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const doc = response.json<OpenApi>();
  expect(doc.openapi).toMatch(/^3\./);
  const paths = Object.keys(doc.paths);
  for (const path of ['/api/index/ajaxdata', '/api/index/getkdata', '/api/login/index', '/api/user/index'])
    expect(paths).toContain(path);
  // Only the API: neither the web's files nor the docs themselves.
  expect(paths.filter((p) => !p.startsWith('/api/') || p.startsWith('/api/docs'))).toEqual([]);
  // The query of getkdata, from its zod schema.
  const kline = doc.paths['/api/index/getkdata']!.get!.parameters!.map((p) => `${p.in}:${p.name}`);
  expect(kline).toEqual(expect.arrayContaining(['query:symbol', 'query:interval', 'query:count']));

  const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
  const page = ui.statusCode === 302 ? await t.app.inject({ method: 'GET', url: ui.headers.location! }) : ui;
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
});

it('describes every answer of both APIs: the success envelope and the refusal', async () => {
  const user = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
  const operator = (
    await t.admin.inject({
      method: 'GET',
      url: '/admin/docs/json',
      headers: operatorHeaders('sam'),
    })
  ).json<OpenApi>();
  expect(Object.keys(operator.paths).length).toBeGreaterThan(20);
  expect(Object.keys(operator.paths).filter((p) => !p.startsWith('/admin/') || p.startsWith('/admin/docs'))).toEqual(
    [],
  );
  expect(undescribed(user)).toEqual([]);
  expect(undescribed(operator)).toEqual([]);
  // An order's answer names its fields; a refusal names its key.
  const order = user.paths['/api/user/addorder']!.post!.responses;
  expect(JSON.stringify(order['200'])).toContain('expected_profit');
  expect(JSON.stringify(order['4XX'] ?? order['4xx'])).toContain('key');
});

type Described = Operation & {
  summary?: string;
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
};
type Document = { paths: Record<string, Record<string, Described>>; components?: { securitySchemes?: object } };

const userDoc = async () => (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Document>();
const operatorDoc = async () =>
  (await t.admin.inject({ method: 'GET', url: '/admin/docs/json', headers: operatorHeaders('sam') })).json<Document>();
const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method, path, operation })),
  );

it('gives every operation a summary, a unique operationId, its module tag and what it asks of the caller', async () => {
  for (const doc of [await userDoc(), await operatorDoc()]) {
    const operations = operationsOf(doc);
    const schemes = Object.keys(doc.components?.securitySchemes ?? {});
    const faults = operations.flatMap(({ method, path, operation }) => {
      const name = `${method.toUpperCase()} ${path}`;
      return [
        !operation.summary?.trim() && `${name}: no summary`,
        !operation.operationId && `${name}: no operationId`,
        !operation.tags?.length && `${name}: no tag`,
        !Array.isArray(operation.security) && `${name}: no security`,
        ...(operation.security ?? []).flatMap((requirement) =>
          Object.keys(requirement)
            .filter((scheme) => !schemes.includes(scheme))
            .map((scheme) => `${name}: unknown scheme ${scheme}`),
        ),
      ].filter(Boolean);
    });
    expect(faults).toEqual([]);
    const ids = operations.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  }
});

it('files each file answer under its media type, and uploads as multipart', async () => {
  const user = await userDoc();
  const mediaOf = (doc: Document, path: string) => Object.keys(doc.paths[path]!.get!.responses['200']!.content ?? {});
  expect(mediaOf(user, '/api/user/finance_csv')).toEqual(['text/csv']);
  expect(mediaOf(user, '/api/user/avatar')).toEqual(['image/webp']);
  expect(mediaOf(user, '/api/user/upload')).toEqual(['image/*']);
  expect(mediaOf(await operatorDoc(), '/admin/orders/export')).toEqual(['text/csv']);
  const upload = user.paths['/api/user/uploadfile']!.post!.requestBody as { content: Record<string, unknown> };
  expect(Object.keys(upload.content)).toEqual(['multipart/form-data']);
  const order = user.paths['/api/user/addorder']!.post!.requestBody as { content: Record<string, unknown> };
  expect(Object.keys(order.content)).toEqual(['application/x-www-form-urlencoded', 'application/json']);
});

/** The path with sample values for its parameters. */
const concrete = (path: string) =>
  path.replace('{symbol}', encodeURIComponent('BTC/USDT')).replace(/\{[a-z_]+\}/g, '1');

it('says what the server really asks: a signed-out call to a secured operation is refused 401, and only those', async () => {
  const wrong: string[] = [];
  // A body that passes validation where a handler checks its credential only after it (the guest ticket).
  const bodies: Record<string, object> = { 'post /api/guest/service': { body: 'hello' } };
  for (const { method, path, operation } of operationsOf(await userDoc())) {
    const payload = bodies[`${method} ${path}`];
    const answer = await t.app.inject({
      method: method.toUpperCase() as 'GET',
      url: concrete(path),
      ...(payload ? { payload } : {}),
    });
    const refused = answer.statusCode === 401 || answer.json<{ code?: number }>().code === 401;
    if (refused !== operation.security!.length > 0) wrong.push(`${method} ${path}: ${answer.statusCode}`);
  }
  for (const { method, path, operation } of operationsOf(await operatorDoc())) {
    const answer = await t.admin.inject({ method: method.toUpperCase() as 'GET', url: concrete(path) });
    if ((answer.statusCode === 401) !== operation.security!.length > 0)
      wrong.push(`${method} ${path}: ${answer.statusCode}`);
  }
  expect(wrong).toEqual([]);
});

it("passes Redocly's recommended lint, both documents", async () => {
  const { BaseResolver, createConfig, lintDocument, Source } = await import('@redocly/openapi-core');
  // A private API with no licence to name: that one rule is off, every other recommended rule applies.
  const config = await createConfig({ extends: ['recommended'], rules: { 'info-license': 'off' } });
  for (const [name, doc] of [
    ['user', await userDoc()],
    ['operator', await operatorDoc()],
  ] as const) {
    const text = JSON.stringify(doc);
    const problems = await lintDocument({
      document: { source: new Source(`${name}.json`, text), parsed: JSON.parse(text) },
      config,
      externalRefResolver: new BaseResolver(),
    });
    const lines = problems.map((p) => `${name} ${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(lines).toEqual([]);
  }
});
