import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTable } from '../src/boot-assets-plugin.mjs';
import { readPageDeclarations, resolveHeads } from '../src/page-declarations.mjs';
import { REMOTES, repoRoot } from '../src/web-paths.mjs';

let dir: string;
const file = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'page-declarations-'));
  await mkdir(file('locales'));
  await writeFile(file('locales/en.json'), JSON.stringify({ login: { title: 'Log in', subtitle: 'Welcome' } }));
  await writeFile(file('locales/de.json'), JSON.stringify({ login: { title: 'Anmelden', subtitle: 'Willkommen' } }));
  await writeFile(
    file('routes.tsx'),
    `import { page, pageRoutes } from '@app/app-kit';
import { Gone } from './gone.tsx';
export const PAGES = [
  page({
    path: '/pages/login/login',
    load: () => import(/* webpackChunkName: "page-pages-login-login" */ './login.tsx'),
    head: { kind: 'auth', texts: ['login.title', 'login.subtitle'] },
  }),
  page({ path: '/pages/x/bind', load: () => import(/* webpackChunkName: "page-x" */ './x.tsx'), props: { custom: true } }),
  page({ path: '/open-location', component: Gone, props: { titleKey: 'titles.open' } }),
];
export default pageRoutes(PAGES, 'account');
`,
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('readPageDeclarations', () => {
  it('reads each page as declared: its path, its chunk from the import, its head; props are not its business', () => {
    expect(readPageDeclarations(file('routes.tsx'))).toEqual([
      {
        path: '/pages/login/login',
        chunk: 'page-pages-login-login',
        head: { kind: 'auth', texts: ['login.title', 'login.subtitle'] },
      },
      { path: '/pages/x/bind', chunk: 'page-x' },
      { path: '/open-location' },
    ]);
  });

  it('refuses a path declared twice (without case) and a relative one', async () => {
    await writeFile(file('twice.tsx'), `[page({ path: '/a/B', component: A }), page({ path: '/a/b', component: A })]`);
    expect(() => readPageDeclarations(file('twice.tsx'))).toThrow('"/a/b" is declared twice');
    await writeFile(file('relative.tsx'), `[page({ path: 'a/b', component: A })]`);
    expect(() => readPageDeclarations(file('relative.tsx'))).toThrow('is not absolute');
  });

  it('refuses a head the build cannot know', async () => {
    await writeFile(file('computed.tsx'), `[page({ path: '/a', component: A, head: { kind: KIND, texts: [] } })]`);
    expect(() => readPageDeclarations(file('computed.tsx'))).toThrow('not a literal: KIND');
  });

  it('finds every page of the four remotes, each path once across them, each with its own chunk but two', () => {
    const all = REMOTES.flatMap((name) =>
      readPageDeclarations(path.join(repoRoot, 'apps', name, 'src/exposes/routes.tsx')),
    );
    expect(all.length).toBeGreaterThanOrEqual(46);
    expect(new Set(all.map((p) => p.path.toLowerCase())).size).toBe(all.length);
    // The two location pages are not built yet and have no chunk of their own.
    expect(all.filter((p) => !p.chunk).map((p) => p.path)).toEqual(['/choose-location', '/open-location']);
  });
});

describe('resolveHeads', () => {
  it("puts each head's texts in every language of the remote's locales", () => {
    const pages = readPageDeclarations(file('routes.tsx'));
    expect(resolveHeads(pages, file('locales'))).toEqual({
      '/pages/login/login': { kind: 'auth', texts: { de: ['Anmelden', 'Willkommen'], en: ['Log in', 'Welcome'] } },
    });
  });

  it('fails on a text the locales do not have, rather than show a key in the frame', () => {
    const pages = [{ path: '/a', head: { kind: 'note', texts: ['login.missing'] } }];
    expect(() => resolveHeads(pages, file('locales'))).toThrow('no text "login.missing"');
  });

  it("resolves the real remotes' heads in all ten languages", () => {
    for (const name of ['account', 'trade', 'invest']) {
      const appDir = path.join(repoRoot, 'apps', name);
      const heads = resolveHeads(
        readPageDeclarations(path.join(appDir, 'src/exposes/routes.tsx')),
        path.join(appDir, 'src/locales'),
      );
      const [head] = Object.values(heads);
      expect(Object.keys(head!.texts), name).toHaveLength(10);
    }
  });
});

describe('pageTable (a remote build’s boot-assets.json)', () => {
  const stats = (...names: string[]) => ({ namedChunkGroups: Object.fromEntries(names.map((n) => [n, {}])) });

  it("lists the remote's pages with their chunks and heads", () => {
    const table = pageTable(stats('page-pages-login-login', 'page-x'), file('routes.tsx'), file('locales'));
    expect(table.routes).toEqual([
      { path: '/pages/login/login', chunk: 'page-pages-login-login' },
      { path: '/pages/x/bind', chunk: 'page-x' },
      { path: '/open-location' },
    ]);
    expect(Object.keys(table.heads!)).toEqual(['/pages/login/login']);
  });

  it('fails the build when a declared chunk was not built', () => {
    expect(() => pageTable(stats('page-pages-login-login'), file('routes.tsx'), file('locales'))).toThrow(
      'pages whose chunk was not built: /pages/x/bind (page-x)',
    );
  });
});
