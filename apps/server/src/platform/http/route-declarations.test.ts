import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireResponseSchemas } from './response-serializer.ts';
import { requireRouteDeclarations } from './route-declarations.ts';

describe('requireRouteDeclarations', () => {
  it('refuses to get ready while an API route lacks the declaration, naming every such route', async () => {
    const app = Fastify();
    requireRouteDeclarations(app, {
      isApi: (url) => url.startsWith('/api/'),
      declares: (route) => Boolean(route.config && 'access' in route.config),
      missing: 'routes without an access rule',
    });
    app.get('/api/a', { config: { access: 'public' } }, async () => 'a');
    app.get('/api/b', async () => 'b');
    app.post('/api/c', async () => 'c');
    app.get('/not-api', async () => 'x');
    await expect(app.ready()).rejects.toThrow('routes without an access rule:\n  GET /api/b\n  POST /api/c');
  });

  it('lets an app whose API routes all declare it start, and ignores the HEAD shadows of GET routes', async () => {
    const app = Fastify();
    requireResponseSchemas(app, (url) => url.startsWith('/api/'));
    app.get('/api/a', { schema: { response: { 200: {} } } }, async () => ({}));
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
