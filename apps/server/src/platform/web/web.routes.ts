import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { REVALIDATE, cacheControlFor } from './web-cache.ts';
import { BootDocument } from './boot-document.ts';

export type WebRoutesOptions = {
  /** The built web: shell/, remotes/<name>/<version>/, remotes.json (see tools/web). */
  webDir: string;
  /** Whether prices come from the built-in simulator (the page's frame says so). */
  simulated?: boolean;
  /** The operators' brand name of the moment (null: the app's own), put into the boot data. */
  brand?: () => Promise<string | null>;
};

/**
 * Serves the front end under /h5/: the shell at /h5/, each remote's immutable version folders under
 * /h5/remotes/<name>/<version>/, and the runtime manifest /h5/remotes.json, read from disk on every request
 * so a deploy (an atomic rename of that file) is live at once without restarting the server.
 *
 * index.html is rendered with the boot data of the moment (see boot-document.ts). Every other file is sent as
 * its brotli or gzip copy made at build time when the browser accepts one (Vary: Accept-Encoding); what has
 * no such copy is compressed on the fly by the app's compression plugin.
 */
export const webRoutes: FastifyPluginAsync<WebRoutesOptions> = async (app, { webDir, simulated = true, brand }) => {
  const shellDir = path.join(webDir, 'shell');
  const remotesDir = path.join(webDir, 'remotes');

  const boot = new BootDocument(webDir, simulated, brand);
  const sendIndex = async (_request: unknown, reply: FastifyReply) => {
    const page = await boot.render();
    if (!page) return reply.code(404).type('text/plain; charset=utf-8').send('The web app is not built.');
    // The boot script is inline: allow exactly it (by hash), nothing else inline.
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string' && page.scriptHashes.length) {
      reply.header(
        'content-security-policy',
        policy.replace(/script-src 'self'/, `script-src 'self' ${page.scriptHashes.join(' ')}`),
      );
    }
    return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(page.html);
  };

  app.get('/h5', async (_request, reply) => reply.redirect('/h5/', 301));
  app.get('/h5/', sendIndex);
  app.get('/h5/index.html', sendIndex);
  app.get('/', async (_request, reply) => reply.redirect('/h5/', 302));

  app.get('/h5/remotes.json', async (_request, reply) => {
    let body: string;
    try {
      body = await readFile(path.join(webDir, 'remotes.json'), 'utf8');
    } catch {
      // No remote published yet: the shell starts with none (and, as no remote declares a page, only Home).
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
    preCompressed: true,
    setHeaders: (reply, filePath) => void reply.header('cache-control', cacheControlFor(filePath, true)),
  });

  await app.register(fastifyStatic, {
    root: shellDir,
    prefix: '/h5/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    wildcard: true,
    preCompressed: true,
    setHeaders: (reply, filePath) => void reply.header('cache-control', cacheControlFor(filePath, false)),
  });
};
