import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The shell provides react-router, react-redux, RTK and react-i18next to every remote through facades
 * (tools/web/src/shared-facades) that export a chosen subset. An app that imports a name the facade does not
 * export would get undefined at run time, in production only: this test reads every import of those packages
 * in the apps and packages and checks each name against its facade.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const facadeDir = path.join(repoRoot, 'tools/web/src/shared-facades');
const FACADES: Record<string, string> = {
  'react-router': 'react-router.mjs',
  'react-redux': 'react-redux.mjs',
  '@reduxjs/toolkit': 'redux-toolkit.mjs',
  '@reduxjs/toolkit/query': 'rtk-query.mjs',
  '@reduxjs/toolkit/query/react': 'rtk-query-react.mjs',
  'react-i18next': 'react-i18next.mjs',
};

function facadeExports(file: string): Set<string> {
  const source = readFileSync(path.join(facadeDir, file), 'utf8');
  const list = /export\s*\{([^}]*)\}/.exec(source)?.[1] ?? '';
  return new Set(
    list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !full.includes('__tests__'))
      yield full;
  }
}

/** Value imports (not `import type`) of a facade package: [file, package, name]. */
function valueImports(): Array<[string, string, string]> {
  const found: Array<[string, string, string]> = [];
  for (const root of ['apps', 'packages']) {
    for (const file of sourceFiles(path.join(repoRoot, root))) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
        const [, typeOnly, names, from] = match;
        if (typeOnly || !from || !(from in FACADES)) continue;
        for (const raw of names!.split(',')) {
          const name = raw.trim();
          if (!name || name.startsWith('type ')) continue;
          found.push([path.relative(repoRoot, file), from, name.split(/\s+as\s+/)[0]!.trim()]);
        }
      }
      for (const match of source.matchAll(/import\s+\*\s+as\s+\w+\s+from\s*'([^']+)'/g)) {
        if (match[1]! in FACADES) found.push([path.relative(repoRoot, file), match[1]!, '*']);
      }
    }
  }
  return found;
}

describe('shared library facades', () => {
  it('export every name the apps and packages import from those libraries', () => {
    const exports = Object.fromEntries(Object.entries(FACADES).map(([pkg, file]) => [pkg, facadeExports(file)]));
    const imports = valueImports();
    expect(imports.length).toBeGreaterThan(50);
    const missing = imports
      .filter(([, pkg, name]) => !exports[pkg]!.has(name))
      .map(([file, pkg, name]) => `${file}: ${name} from ${pkg}`);
    expect(missing).toEqual([]);
  });

  it('export what the libraries import from each other (RTK Query from the toolkit, the React bindings)', () => {
    // The shared libraries reach each other through the share scope too, so the facades must cover that.
    const require = createRequire(path.join(repoRoot, 'apps/shell/package.json'));
    const rtkDir = path.dirname(require.resolve('@reduxjs/toolkit/package.json'));
    const internal = [
      path.join(rtkDir, 'dist/query/rtk-query.modern.mjs'),
      path.join(rtkDir, 'dist/query/react/rtk-query-react.modern.mjs'),
    ];
    const missing: string[] = [];
    for (const file of internal) {
      for (const match of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
        const pkg = match[2]!;
        if (!(pkg in FACADES)) continue;
        const exported = facadeExports(FACADES[pkg]!);
        for (const raw of match[1]!.split(',')) {
          const name = raw
            .trim()
            .split(/\s+as\s+/)[0]!
            .trim();
          if (name && !exported.has(name)) missing.push(`${path.basename(file)}: ${name} from ${pkg}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
