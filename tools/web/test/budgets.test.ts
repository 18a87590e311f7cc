import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { budgets } from '../src/budgets.mjs';
import { readPageDeclarations } from '../src/page-declarations.mjs';
import { REMOTES, repoRoot } from '../src/web-paths.mjs';

/** Every page the remotes declare, as the build reads them. */
const declared = REMOTES.flatMap((name) =>
  readPageDeclarations(path.join(repoRoot, 'apps', name, 'src/exposes/routes.tsx')).map((p) => p.path.toLowerCase()),
);

describe('budgets.json', () => {
  it('holds a positive gzip budget for the remoteEntry and for each route, each route named once', () => {
    expect(budgets.remoteEntryGzip).toBeGreaterThan(0);
    expect(budgets.routes.length).toBeGreaterThan(0);
    for (const route of budgets.routes) {
      expect(route.gzip, route.name).toBeGreaterThan(0);
      expect(typeof route.login, route.name).toBe('boolean');
    }
    expect(new Set(budgets.routes.map((r: { name: string }) => r.name)).size).toBe(budgets.routes.length);
  });

  it('measures only pages that exist: Home or a page a remote declares', () => {
    for (const route of budgets.routes) {
      const pathname = route.path.split('?')[0].toLowerCase();
      expect(pathname === '/' || declared.includes(pathname), `${route.name} ${route.path}`).toBe(true);
    }
  });
});
