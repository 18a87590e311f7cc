// The production build of the server: src/server.ts and the two CLIs bundled by esbuild into dist/, so that
// production runs plain JavaScript under node instead of compiling TypeScript at every start under tsx.
//   node scripts/build.mjs            build
//   node scripts/build.mjs --if-stale build only when dist/ is missing or older than a file it was built from
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const distDir = path.join(serverRoot, 'dist');
const stampFile = path.join(distDir, 'build-info.json');
const ENTRIES = { server: 'src/server.ts', ops: 'src/cli/ops.ts', 'ledger-verify': 'src/cli/ledger-verify.ts' };

/**
 * The server's own npm dependencies stay external (node loads them from node_modules, native addons and the
 * PostgreSQL binaries included); the workspace packages (@app/contracts, @app/i18n: TypeScript sources) and
 * what only they depend on (i18next) are bundled in, since dist/ cannot resolve those from where it is.
 */
async function externalPackages() {
  const manifest = JSON.parse(await fs.readFile(path.join(serverRoot, 'package.json'), 'utf8'));
  return new Set(
    Object.entries(manifest.dependencies)
      .filter(([, version]) => !version.startsWith('workspace:'))
      .map(([name]) => name),
  );
}

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Builds dist/; returns how long it took and what it wrote. */
export async function buildServer() {
  const started = Date.now();
  const external = await externalPackages();
  // A build tool, installed with the development dependencies: checking whether dist/ is stale needs nothing of it.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: serverRoot,
    entryPoints: ENTRIES,
    outdir: distDir,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'server-dependencies-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            external.has(packageName(args.path)) ? { path: args.path, external: true } : undefined,
          );
        },
      },
    ],
  });
  // Each file is written beside its final name and renamed over it, chunks before the entries that import
  // them: two starts building at once, or a server starting meanwhile, never read a half-written file.
  const outputs = [...result.outputFiles].sort((a, b) => rank(a.path) - rank(b.path));
  for (const file of outputs) {
    await fs.mkdir(path.dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    await fs.writeFile(temporary, file.contents);
    await fs.rename(temporary, file.path);
  }
  await removeOldChunks(new Set(outputs.map((file) => file.path)));
  const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(serverRoot, input));
  inputs.push(path.join(serverRoot, 'package.json'), fileURLToPath(import.meta.url));
  await fs.writeFile(stampFile, JSON.stringify({ startedAt: started, inputs }, null, 1));
  const bytes = outputs.reduce((sum, file) => sum + file.contents.length, 0);
  return { ms: Date.now() - started, files: outputs.length, bytes };
}

const rank = (file) => (file.includes(`${path.sep}chunks${path.sep}`) ? 0 : file.endsWith('.map') ? 1 : 2);

async function removeOldChunks(current) {
  const dir = path.join(distDir, 'chunks');
  for (const name of await fs.readdir(dir).catch(() => [])) {
    const file = path.join(dir, name);
    if (!current.has(file) && !name.endsWith('.tmp')) await fs.rm(file, { force: true });
  }
}

/** Why dist/ must be (re)built, or null when it is up to date with every file it was built from. */
export async function staleReason() {
  const stamp = JSON.parse(await fs.readFile(stampFile, 'utf8').catch(() => 'null'));
  if (!stamp) return 'dist/ has not been built';
  for (const entry of Object.keys(ENTRIES)) {
    if (!(await exists(path.join(distDir, `${entry}.js`)))) return `dist/${entry}.js is missing`;
  }
  for (const input of stamp.inputs) {
    const stat = await fs.stat(input).catch(() => null);
    if (!stat || stat.mtimeMs >= stamp.startedAt) return `${path.relative(serverRoot, input)} changed`;
  }
  return null;
}

const exists = (file) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const reason = process.argv.includes('--if-stale') ? await staleReason() : 'asked';
  if (reason) {
    if (reason !== 'asked') console.log(`server: building (${reason})`);
    const { ms, files, bytes } = await buildServer();
    console.log(`server: built dist/ in ${ms} ms (${files} files, ${(bytes / 1024).toFixed(0)} KiB)`);
  } else {
    console.log('server: dist/ is up to date');
  }
}
