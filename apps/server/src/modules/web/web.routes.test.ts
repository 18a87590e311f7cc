import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webRoutes } from './web.routes.ts';
import { IMMUTABLE, REVALIDATE } from './web-cache.ts';

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'web-routes-'));
  await mkdir(path.join(dir, 'shell'), { recursive: true });
  await mkdir(path.join(dir, 'remotes/account/v1'), { recursive: true });
  await writeFile(path.join(dir, 'shell/index.html'), '<!doctype html><title>shell</title>');
  await writeFile(path.join(dir, 'shell/main.0123abcd.js'), 'console.log(1)');
  await writeFile(path.join(dir, 'remotes/account/v1/remoteEntry.js'), 'var account;');
  await writeFile(path.join(dir, 'remotes/account/v1/mf-manifest.json'), '{}');
  await writeFile(path.join(dir, 'remotes.json'), JSON.stringify({ account: '/h5/remotes/account/v1/mf-manifest.json' }));
  app = Fastify();
  await app.register(webRoutes, { webDir: dir });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('web routes', () => {
  it('redirects /h5 to /h5/', async () => {
    const res = await app.inject('/h5');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/h5/');
  });

  it('serves the shell index with no-cache', async () => {
    const res = await app.inject('/h5/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>shell</title>');
    expect(res.headers['cache-control']).toBe(REVALIDATE);
  });

  it('caches hashed shell files for a year', async () => {
    const res = await app.inject('/h5/main.0123abcd.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('serves files of a remote version immutable, its manifest no-cache', async () => {
    const entry = await app.inject('/h5/remotes/account/v1/remoteEntry.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe(IMMUTABLE);
    const manifest = await app.inject('/h5/remotes/account/v1/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe(REVALIDATE);
  });

  it('reads remotes.json from disk on every request', async () => {
    const first = await app.inject('/h5/remotes.json');
    expect(first.headers['cache-control']).toBe(REVALIDATE);
    expect(first.json()).toEqual({ account: '/h5/remotes/account/v1/mf-manifest.json' });
    await writeFile(path.join(dir, 'remotes.json'), JSON.stringify({ account: '/h5/remotes/account/v2/mf-manifest.json' }));
    const second = await app.inject('/h5/remotes.json');
    expect(second.json()).toEqual({ account: '/h5/remotes/account/v2/mf-manifest.json' });
  });

  it('serves a version published after start', async () => {
    await mkdir(path.join(dir, 'remotes/account/v2'), { recursive: true });
    await writeFile(path.join(dir, 'remotes/account/v2/remoteEntry.js'), 'var account2;');
    const res = await app.inject('/h5/remotes/account/v2/remoteEntry.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('var account2;');
  });

  it('answers 404 for a missing file', async () => {
    const res = await app.inject('/h5/remotes/account/v9/remoteEntry.js');
    expect(res.statusCode).toBe(404);
  });
});
