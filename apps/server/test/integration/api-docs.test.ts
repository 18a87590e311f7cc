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
