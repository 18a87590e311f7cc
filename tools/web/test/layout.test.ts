import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTES, repoRoot } from '../src/web-paths.mjs';

/** What a feature of a remote holds (docs/front-end.md): its layers and its tests, nothing beside them. */
const LAYERS = ['api', 'components', 'hooks', 'lib', '__tests__'];

describe('the one layout of the remotes', () => {
  it.each(REMOTES)('%s: src/features/<feature>/{api,components,hooks,lib}', (remote) => {
    const features = path.join(repoRoot, 'apps', remote, 'src/features');
    const stray: string[] = [];
    for (const feature of readdirSync(features, { withFileTypes: true })) {
      if (!feature.isDirectory()) {
        stray.push(feature.name);
        continue;
      }
      for (const entry of readdirSync(path.join(features, feature.name), { withFileTypes: true }))
        if (!entry.isDirectory() || !LAYERS.includes(entry.name)) stray.push(`${feature.name}/${entry.name}`);
    }
    expect(stray).toEqual([]);
  });

  it.each(REMOTES)('%s: its pages are declared in src/exposes/routes.tsx and live in src/routes/', (remote) => {
    const src = path.join(repoRoot, 'apps', remote, 'src');
    expect(readdirSync(path.join(src, 'exposes'))).toContain('routes.tsx');
    expect(readdirSync(path.join(src, 'routes')).length).toBeGreaterThan(0);
  });
});
