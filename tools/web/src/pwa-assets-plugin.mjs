import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { drawIcon } from './pwa-icons.mjs';

/** Icons of the web app manifest: the sizes Chromium's install criteria ask for, each also maskable. */
export const ICON_SIZES = [192, 512];

/** A colour token's light-theme value, read from the tokens the app paints with. */
function token(tokensCss, name) {
  const match = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{6})`).exec(tokensCss);
  if (!match) throw new Error(`token ${name} not found`);
  return match[1].toLowerCase();
}

/**
 * The installable app, written beside the shell's index.html at build time (fixed names, revalidated on each
 * load like index.html): manifest.webmanifest, the icons (drawn here, see pwa-icons.mjs) and the service worker
 * sw.js, made of the shell's plain scripts src/sw/sw-routes.js (its caching rule, unit-tested) and src/sw/sw.js.
 */
export class PwaAssetsPlugin {
  /** @param {{ appDir: string, name: string, shortName: string, description: string, tokensCss: string }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { appDir, name, shortName, description, tokensCss } = this.options;
    const css = readFileSync(tokensCss, 'utf8');
    const theme = token(css, '--color-brand-deep');
    const background = token(css, '--color-bg');
    const read = (file) => readFileSync(path.join(appDir, file), 'utf8');
    compiler.hooks.thisCompilation.tap('PwaAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PwaAssetsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const emit = (file, content) => compilation.emitAsset(file, new rspack.sources.RawSource(content));
          const icons = [];
          for (const size of ICON_SIZES) {
            for (const purpose of ['any', 'maskable']) {
              const file = purpose === 'any' ? `icon-${size}.png` : `icon-maskable-${size}.png`;
              emit(file, drawIcon(size, { background: theme, maskable: purpose === 'maskable' }));
              icons.push({ src: `/h5/${file}`, sizes: `${size}x${size}`, type: 'image/png', purpose });
            }
          }
          const manifest = {
            id: '/h5/',
            name,
            short_name: shortName,
            description,
            lang: 'en',
            start_url: '/h5/',
            scope: '/h5/',
            display: 'standalone',
            orientation: 'portrait',
            theme_color: theme,
            background_color: background,
            icons,
          };
          emit('manifest.webmanifest', `${JSON.stringify(manifest, null, 2)}\n`);
          // sw-routes.js is an ES module for its tests; in the worker its declarations are plain globals.
          const routes = read('src/sw/sw-routes.js').replace(/^export /gm, '');
          emit('sw.js', `${routes}\n${read('src/sw/sw.js')}`);
        },
      );
    });
  }
}
