import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * A node installed with `pnpm install --prod` (docs/running-several-nodes.md) has the server's `dependencies` and
 * nothing else: build tools (esbuild, tsx, TypeScript, drizzle-kit) are development dependencies, so the code that
 * runs in production (src/ and the scripts the units, `pnpm start` and `pnpm ops` run) may import only what `dependencies`
 * lists; scripts/build.mjs loads esbuild only when it builds.
 */
const serverRoot = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function files(dir: string): string[] {
  return readdirSync(path.join(serverRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|mjs)$/.test(f) && !/\.test\.ts$/.test(f))
    .map((f) => path.join(dir, f));
}

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

it('keeps build tools out of the production dependencies', () => {
  for (const tool of ['esbuild', 'tsx', 'typescript', 'drizzle-kit', 'vitest'])
    expect(Object.keys(manifest.dependencies), tool).not.toContain(tool);
});

it('runs in production on the production dependencies alone', () => {
  const running = [
    ...files('src'),
    'scripts/prestart.mjs',
    'scripts/build.mjs',
    'scripts/cli.mjs',
    'scripts/wait-ready.mjs',
  ];
  const missing: string[] = [];
  for (const file of running) {
    const text = readFileSync(path.join(serverRoot, file), 'utf8');
    // Static imports and re-exports only: a dynamic import() is loaded when its branch runs.
    for (const [, specifier] of text.matchAll(/^(?:import|export)\s[^'"]*?from\s+'([^'.][^']*)'/gm)) {
      if (specifier!.startsWith('node:')) continue;
      const name = packageOf(specifier!);
      if (!(name in manifest.dependencies)) missing.push(`${file}: ${specifier}`);
    }
  }
  expect(missing).toEqual([]);
});
