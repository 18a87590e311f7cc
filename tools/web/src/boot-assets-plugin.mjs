import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { readPageDeclarations, resolveHeads } from './page-declarations.mjs';

export const BOOT_ASSETS_FILE = 'boot-assets.json';

// The shell's texts: locales/<lang>/{common,errors}.json; a remote's namespace: locales/<lang>.json.
const LANGUAGE_CHUNK = /locales[\\/]([a-z]{2,3})(?:[\\/](?:common|errors))?\.json$/;

const filesOf = (chunks) => [...new Set(chunks.flatMap((c) => c.files ?? []))].filter((f) => /\.(js|css)$/.test(f));

/**
 * Writes what a first page load needs, so the page can ask for it at once instead of discovering it one
 * round trip at a time (the federation waterfall):
 * - the shell: every chunk its start-up loads (what src/index.ts imports and the shared libraries it provides),
 *   and per language the chunks of that language's common and error texts;
 * - a remote: the files of each named page chunk group (`import(/* webpackChunkName: "page-pages-login-login" *\/ ...)`
 *   in the remote's routes module), which the shell's boot script preloads for the route being opened, and per
 *   language the chunk of its namespace; and its page table as its routes module declares it (`routes`: each
 *   path with its chunk; `heads`: the static frame's texts), which the server hands to the shell in the boot data.
 */
export class BootAssetsPlugin {
  /** @param {{ host: boolean, routesModule?: string, localesDir?: string }} options */
  constructor({ host, routesModule, localesDir }) {
    this.host = host;
    this.routesModule = routesModule;
    this.localesDir = localesDir;
  }

  apply(compiler) {
    compiler.hooks.done.tap('BootAssetsPlugin', (stats) => {
      if (stats.hasErrors()) return;
      const json = stats.toJson({
        all: false,
        chunks: true,
        chunkOrigins: true,
        chunkModules: true,
        chunkGroups: true,
        ids: true,
      });
      const out = this.host
        ? hostAssets(json)
        : { ...remoteAssets(json), ...pageTable(json, this.routesModule, this.localesDir) };
      writeFileSync(path.join(compiler.options.output.path, BOOT_ASSETS_FILE), `${JSON.stringify(out)}\n`);
    });
  }
}

/**
 * The remote's declared pages, checked against the build: a declared chunk that was not built (a typo in a
 * webpackChunkName) would leave the page without its preload, so it fails the build.
 */
export function pageTable(json, routesModule, localesDir) {
  if (!routesModule) return {};
  const pages = readPageDeclarations(routesModule);
  const built = new Set(Object.keys(json.namedChunkGroups ?? {}));
  const missing = pages.filter((p) => p.chunk && !built.has(p.chunk)).map((p) => `${p.path} (${p.chunk})`);
  if (missing.length) throw new Error(`pages whose chunk was not built: ${missing.join(', ')}`);
  return {
    routes: pages.map(({ path: pagePath, chunk }) => (chunk ? { path: pagePath, chunk } : { path: pagePath })),
    heads: localesDir ? resolveHeads(pages, localesDir) : {},
  };
}

function languageAssets(json) {
  const languages = {};
  for (const chunk of json.chunks) {
    for (const module of chunk.modules ?? []) {
      const match = LANGUAGE_CHUNK.exec(String(module.name ?? ''));
      if (match) languages[match[1]] = [...new Set([...(languages[match[1]] ?? []), ...filesOf([chunk])])];
    }
  }
  return languages;
}

function hostAssets(json) {
  const startup = json.chunks.filter(
    (chunk) =>
      !chunk.initial &&
      // What the entry imports on start (its dynamic imports) and the shared libraries the shell provides.
      (chunk.origins ?? []).some(
        (o) => /^\.\/src\/index\.tsx?$/.test(o.moduleName ?? '') || /^provide shared module/.test(o.moduleName ?? ''),
      ),
  );
  // runAfterPaint: this shell's boot script runs the start-up scripts itself, after the frame's first paint
  // (src/boot/boot.js); the server then preloads them instead of writing them in as deferred scripts.
  return { startup: filesOf(startup), languages: languageAssets(json), runAfterPaint: true };
}

function remoteAssets(json) {
  const byId = new Map(json.chunks.map((c) => [c.id, c]));
  const pages = {};
  for (const [name, group] of Object.entries(json.namedChunkGroups ?? {})) {
    if (!name.startsWith('page-')) continue;
    pages[name] = filesOf((group.chunks ?? []).map((id) => byId.get(id)).filter(Boolean));
  }
  return { pages, languages: languageAssets(json) };
}
