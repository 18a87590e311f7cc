// The operator console: one standalone app (no Module Federation), served by the operator app at /console/.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';

const appDir = path.dirname(fileURLToPath(import.meta.url));

/** react-router's exports point every condition at its development build; production bundles take the other. */
function reactRouterProduction() {
  const entry = createRequire(path.join(appDir, 'package.json')).resolve('react-router');
  const file = path.join(entry.slice(0, entry.indexOf(`${path.sep}dist${path.sep}`)), 'dist/production/index.mjs');
  return existsSync(file) ? { 'react-router$': file } : {};
}

export default (_env, argv) => {
  const production = (argv?.mode ?? process.env.NODE_ENV) === 'production';
  return {
    mode: production ? 'production' : 'development',
    context: appDir,
    entry: { main: './src/index.tsx' },
    devtool: production ? false : 'cheap-module-source-map',
    target: ['web', 'es2022'],
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      alias: production ? reactRouterProduction() : {},
    },
    output: {
      path: path.join(appDir, 'dist'),
      publicPath: '/console/',
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
          localIdentName: production ? 'c-[hash:6]' : 'c-[name]-[local]',
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
        { test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({
        template: path.join(appDir, 'index.html'),
        scriptLoading: 'defer',
        minify: production,
      }),
    ],
    optimization: { minimize: production },
    performance: false,
    stats: production ? 'errors-warnings' : 'minimal',
    devServer: {
      port: 3010,
      hot: false,
      liveReload: true,
      devMiddleware: { publicPath: '/console/' },
      historyApiFallback: { index: '/console/index.html' },
      // The operator API (ADMIN_PORT, 8081 by default): same origin for the session cookie.
      proxy: [{ context: ['/admin'], target: 'http://127.0.0.1:8081' }],
    },
  };
};
