import { writeFileSync } from 'node:fs';
import path from 'node:path';

export const BOOT_ASSETS_FILE = 'boot-assets.json';

// The shell's texts: locales/<lang>/{common,errors}.json; a remote's namespace: locales/<lang>.json.
const LANGUAGE_CHUNK = /locales[\\/]([a-z]{2,3})(?:[\\/](?:common|errors))?\.json$/;

const filesOf = (chunks) => [...new Set(chunks.flatMap((c) => c.files ?? []))].filter((f) => /\.(js|css)$/.test(f));

/**
 * Writes what a first page load needs, so the page can ask for it at once instead of discovering it one
 * round trip at a time (the federation waterfall):
 * - the shell: every chunk its start-up loads (what src/index.ts imports and the shared libraries it provides),
 *   and per language the chunks of that language's common and error texts;
 * - a remote: the files of each named page chunk group (`import(/* webpackChunkName: "page-pages-login-login" *\/ ...)`,
 *   named after the route path), which the shell's boot script preloads for the route being opened, and per
 *   language the chunk of its namespace.
 */
export class BootAssetsPlugin {
  constructor({ host }) {
    this.host = host;
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
      const out = this.host ? hostAssets(json) : remoteAssets(json);
      writeFileSync(path.join(compiler.options.output.path, BOOT_ASSETS_FILE), `${JSON.stringify(out)}\n`);
    });
  }
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
