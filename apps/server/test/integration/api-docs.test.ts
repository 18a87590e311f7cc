import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type OpenApi = {
  openapi: string;
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>>;
};

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
