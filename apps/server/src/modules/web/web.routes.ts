import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { REVALIDATE, cacheControlFor } from './web-cache.ts';

export type WebRoutesOptions = {
  /** The built web: shell/, remotes/<name>/<version>/, remotes.json (see tools/web). */
  webDir: string;
};

/**
 * Serves the front end under /h5/: the shell at /h5/, each remote's immutable version folders under
 * /h5/remotes/<name>/<version>/, and the runtime manifest /h5/remotes.json, read from disk on every request
 * so a deploy (an atomic rename of that file) is live at once without restarting the server.
 */
export const webRoutes: FastifyPluginAsync<WebRoutesOptions> = async (app, { webDir }) => {
  const shellDir = path.join(webDir, 'shell');
  const remotesDir = path.join(webDir, 'remotes');

  app.get('/h5', async (_request, reply) => reply.redirect('/h5/', 301));
  app.get('/', async (_request, reply) => reply.redirect('/h5/', 302));

  app.get('/h5/remotes.json', async (_request, reply) => {
    let body: string;
    try {
      body = await readFile(path.join(webDir, 'remotes.json'), 'utf8');
    } catch {
      // No remote published yet: the shell starts with none and shows each remote's error view.
      body = '{}';
    }
    return reply.header('cache-control', REVALIDATE).type('application/json; charset=utf-8').send(body);
  });

  await app.register(fastifyStatic, {
    root: remotesDir,
    prefix: '/h5/remotes/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    // Files are looked up per request: a version published after start is served without a restart.
    wildcard: true,
    setHeaders: (reply, filePath) => void reply.header('cache-control', cacheControlFor(filePath, true)),
  });

  await app.register(fastifyStatic, {
    root: shellDir,
    prefix: '/h5/',
    decorateReply: false,
    index: ['index.html'],
    cacheControl: false,
    wildcard: true,
    setHeaders: (reply, filePath) => void reply.header('cache-control', cacheControlFor(filePath, false)),
  });
};
