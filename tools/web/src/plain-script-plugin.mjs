import { createHash } from 'node:crypto';
import { rspack } from '@rspack/core';

/**
 * A plain script written beside the shell's index.html under a content-hashed name, so the server and the
 * service worker cache it like any other hashed file: for scripts the page starts itself (a worker), which the
 * bundler never sees. `fileName` is known when the config is made, for the page that names it.
 */
export class PlainScriptPlugin {
  /** @param {{ name: string, source: string }} options */
  constructor({ name, source }) {
    this.source = source.replace(/^\/\*[\s\S]*?\*\/\n/, '');
    const hash = createHash('sha256').update(this.source).digest('hex').slice(0, 8);
    this.fileName = `${name}.${hash}.js`;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PlainScriptPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PlainScriptPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset(this.fileName, new rspack.sources.RawSource(this.source)),
      );
    });
  }
}
