import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { cacheControlFor } from './web-cache.ts';

/** The console's page at /console/ and its hashed files; a short text says how to build it when it is not built. */
export async function consoleFiles(app: FastifyInstance, { root }: { root: string }) {
  // Read once: the console is built before the server starts. Until it is built, each request looks again, so
  // a build made while the server runs is served without a restart.
  let index: string | null = null;
  const sendIndex = async (_request: unknown, reply: FastifyReply) => {
    index ??= await readFile(path.join(root, 'index.html'), 'utf8').catch(() => null);
    const html = index;
    if (html === null)
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('The operator console is not built. Run `pnpm --filter @app/console build`, then reload this page.');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  app.get('/console', async (_request, reply) => reply.redirect('/console/', 301));
  app.get('/console/', sendIndex);
  app.get('/console/index.html', sendIndex);
  await app.register(fastifyStatic, {
    root,
    prefix: '/console/',
    decorateReply: false,
    index: false,
    wildcard: true,
    cacheControl: false,
    suppressWarning: true,
    setHeaders: (reply, filePath) => void reply.header('cache-control', cacheControlFor(filePath, false)),
  });
}
