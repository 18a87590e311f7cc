import path from 'node:path';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { sharedDeps, sharedOriginalAliases } from './shared-deps.mjs';
import { BootAssetsPlugin } from './boot-assets-plugin.mjs';
import { readPageDeclarations } from './page-declarations.mjs';

/**
 * The federation runtime packages ship CommonJS and ES builds, and rspack's own runtime pulls in the CommonJS
 * ones, which cannot be tree-shaken: every feature the app switches off (snapshots, remote loading in a remote,
 * Node loaders) would still be downloaded. Pointing each package, by name and by the CommonJS file Node's
 * resolver finds, at its ES build lets the minifier drop them: the shell's runtime goes from 42 to 27 KB gzip
 * and each remoteEntry stays within its 16 KB budget. The lookup mirrors rspack's own.
 */
const FEDERATION_RUNTIME_PACKAGES = [
  'webpack-bundler-runtime',
  'runtime',
  'runtime-core',
  'sdk',
  'error-codes',
  'inject-external-runtime-core-plugin',
];

function federationRuntimeEsmAliases(appDir) {
  const fromRspack = createRequire(fileURLToPath(import.meta.resolve('@rspack/core')));
  let tools;
  try {
    tools = fromRspack.resolve('@module-federation/runtime-tools', { paths: [appDir] });
  } catch {
    tools = fromRspack.resolve('@module-federation/runtime-tools');
  }
  const fromBundlerRuntime = createRequire(createRequire(tools).resolve('@module-federation/webpack-bundler-runtime'));
  const alias = {};
  for (const name of FEDERATION_RUNTIME_PACKAGES) {
    const request = `@module-federation/${name}`;
    let cjs;
    for (const from of [createRequire(tools), fromBundlerRuntime]) {
      try {
        cjs = from.resolve(request);
        break;
      } catch {
        // not reachable from there; try the next place
      }
    }
    if (!cjs) continue;
    const esm = [cjs.replace(/\.cjs$/, '.js'), cjs.replace(/\.cjs$/, '.mjs')].find(
      (file) => file !== cjs && existsSync(file),
    );
    if (!esm) continue;
    alias[`${cjs}$`] = esm;
    alias[`${request}$`] = esm;
  }
  return alias;
}

/**
 * react-router's package exports point every condition at its development build (dev warnings included);
 * the production build sits beside it. Production bundles use that one.
 */
function reactRouterProductionAlias(appDir) {
  const entry = createRequire(path.join(appDir, 'package.json')).resolve('react-router');
  const production = path.join(
    entry.slice(0, entry.indexOf(`${path.sep}dist${path.sep}`)),
    'dist/production/index.mjs',
  );
  return existsSync(production) ? { 'react-router$': production } : {};
}

/** Dev-server ports: each app runs on its own. */
export const DEV_PORTS = { shell: 3000, trade: 3001, invest: 3002, wallet: 3003, account: 3004, console: 3010 };

/**
 * One rspack configuration for every app, so the four remotes and the shell agree on loaders, CSS modules,
 * hashing and the federation share scope. A `standalone` app (the operator console) is one bundle of its own: the
 * same loaders and hashing, no federation, served under `publicPath` by its server, its API proxied in development.
 *
 * @param {{ appDir: string, name: string, kind: 'host' | 'remote' | 'standalone', exposes?: Record<string,string>,
 *           runtimePlugins?: string[], title?: string, templateParameters?: Record<string, string>,
 *           productionPlugins?: unknown[], entry?: string, publicPath?: string,
 *           devProxy?: { context: string[], target: string } }} app
 */
export function appConfig(app) {
  return (_env, argv) => {
    const production = (argv?.mode ?? process.env.NODE_ENV) === 'production';
    const standalone = app.kind === 'standalone';
    const host = app.kind === 'host' || standalone;
    // WEB_OUT gathers the phone app's builds; a standalone app always builds into its own dist.
    const outDir =
      process.env.WEB_OUT && !standalone ? path.resolve(process.env.WEB_OUT) : path.join(app.appDir, 'dist');
    const port = DEV_PORTS[app.name];
    const publicPath = standalone ? app.publicPath : host ? (production ? '/h5/' : '/') : 'auto';

    return {
      mode: production ? 'production' : 'development',
      context: app.appDir,
      // A remote's production build is only its container; its standalone dev host is for development.
      entry: host || !production ? { main: app.entry ?? './src/index.ts' } : {},
      devtool: production ? false : 'cheap-module-source-map',
      target: ['web', 'es2022'],
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        alias: {
          ...(standalone ? {} : federationRuntimeEsmAliases(app.appDir)),
          ...(production ? reactRouterProductionAlias(app.appDir) : {}),
          ...(standalone ? {} : sharedOriginalAliases(app.appDir, production)),
        },
      },
      output: {
        path: outDir,
        // Remotes compute their base from where their entry was loaded (a versioned folder); the shell lives at /h5/.
        publicPath,
        uniqueName: `app_${app.name}`,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        assetModuleFilename: '[name].[contenthash:8][ext]',
        clean: true,
      },
      module: {
        parser: { 'css/auto': { namedExports: false } },
        generator: {
          'css/auto': {
            // The app name keeps class names of different remotes apart on one page.
            localIdentName: production ? `${app.name}-[hash:6]` : `${app.name}-[name]-[local]`,
            exportsConvention: 'as-is',
          },
        },
        rules: [
          {
            test: /\.tsx?$/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
              },
            },
            type: 'javascript/auto',
          },
          { test: /\.css$/, type: 'css/auto' },
          // The contracts package is pure declarations; saying so lets a page that needs one type guard or
          // list leave every zod schema (and zod) out of its bundle.
          { test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
          { test: /\.(png|svg|jpe?g|webp|woff2?)$/, type: 'asset' },
        ],
      },
      plugins: [
        !standalone &&
          new ModuleFederationPlugin({
            name: app.name,
            ...(host
              ? { remotes: {}, runtimePlugins: app.runtimePlugins ?? [] }
              : { filename: 'remoteEntry.js', exposes: app.exposes }),
            shared: sharedDeps(app.appDir),
            shareStrategy: 'loaded-first',
            dts: false,
            dev: false,
            manifest: host ? false : { fileName: 'mf-manifest.json' },
            experiments: production
              ? host
                ? {
                    provideExternalRuntime: true,
                    // remotes.json names each remote's remoteEntry.js and the page preloads its files itself
                    // (see the boot script in index.html), so the manifest snapshot machinery is not needed.
                    optimization: { disableSnapshot: true, target: 'web' },
                  }
                : {
                    externalRuntime: true,
                    // A remote loads no other remote and reads no manifest: leaving that code out of its
                    // remoteEntry keeps the entry within its 16 KB (gzip) budget.
                    optimization: { disableRemote: true, disableSnapshot: true, target: 'web' },
                  }
              : {},
          }),
        production &&
          !standalone &&
          new BootAssetsPlugin({
            host,
            // A remote's page table is its exposed routes module (app-kit's page()); its texts, its locales.
            ...(host
              ? {}
              : {
                  routesModule: path.join(app.appDir, app.exposes?.['./routes'] ?? 'src/exposes/routes.tsx'),
                  localesDir: path.join(app.appDir, 'src/locales'),
                }),
          }),
        // V8's explicit compile hint: compile every function of a chunk while the script streams in, on a
        // background thread, instead of lazily on the main thread the first time each module runs. Every chunk
        // is fetched to be run at once (start-up, a route, a widget), so little is compiled for nothing. Added
        // after minification (which drops comments) and before the content hashes are computed.
        production &&
          new rspack.BannerPlugin({
            banner: '//# allFunctionsCalledOnLoad',
            raw: true,
            test: /\.js$/,
            stage: rspack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING,
          }),
        // The app's own extra build steps (the shell's web app manifest, icons and service worker).
        ...(production ? (app.productionPlugins ?? []) : []),
        // Remotes get an html page only in development: their standalone dev host.
        ...(host || !production
          ? [
              new rspack.HtmlRspackPlugin({
                template: path.join(app.appDir, 'index.html'),
                templateParameters: app.templateParameters ?? {},
                // The shell's scripts start from its inline boot script (preloads) and the deferred entry.
                scriptLoading: 'defer',
                minify: production,
              }),
            ]
          : []),
      ].filter(Boolean),
      optimization: { minimize: production },
      // Lazy compilation (rspack's dev default) reloads the page whenever a lazy chunk is first requested,
      // and every remote page is a lazy chunk: off, so a dev page loads once.
      lazyCompilation: false,
      performance: false,
      stats: production ? 'errors-warnings' : 'minimal',
      devServer: {
        port,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // ws: the live quote stream (/api/stream) is a WebSocket.
        proxy: [app.devProxy ?? { context: ['/api'], target: 'http://127.0.0.1:8080', ws: true }],
        ...(standalone
          ? {
              devMiddleware: { publicPath: app.publicPath },
              historyApiFallback: { index: `${app.publicPath}index.html` },
            }
          : {}),
        ...(host && !standalone
          ? {
              setupMiddlewares(middlewares) {
                // In development the shell loads every remote from its own dev server.
                const manifest = Object.fromEntries(
                  Object.entries(DEV_PORTS)
                    .filter(([n]) => n !== 'shell')
                    .map(([n, p]) => [n, `http://localhost:${p}/remoteEntry.js`]),
                );
                // And the pages each declares, read from its routes module as its production build does.
                middlewares.unshift({
                  name: 'remote-pages-json',
                  path: '/remote-pages.json',
                  middleware: (_req, res) => {
                    const pages = Object.fromEntries(
                      Object.keys(manifest).map((n) => [
                        n,
                        readPageDeclarations(path.join(app.appDir, `../${n}/src/exposes/routes.tsx`)).map(
                          (p) => p.path,
                        ),
                      ]),
                    );
                    res.setHeader('content-type', 'application/json');
                    res.setHeader('cache-control', 'no-cache');
                    res.end(JSON.stringify(pages));
                  },
                });
                middlewares.unshift({
                  name: 'remotes-json',
                  path: '/remotes.json',
                  middleware: (_req, res) => {
                    res.setHeader('content-type', 'application/json');
                    res.setHeader('cache-control', 'no-cache');
                    res.end(JSON.stringify(manifest));
                  },
                });
                return middlewares;
              },
            }
          : {}),
      },
    };
  };
}
