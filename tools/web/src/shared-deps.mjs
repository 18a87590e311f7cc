import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Version of a workspace package, read from its package.json so `version` in the share scope is never stale. */
function workspaceVersion(dir) {
  return JSON.parse(readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')).version;
}

/** Version of an npm package as installed for the given app (so host and remote each declare what they ship). */
function installedVersion(appDir, name) {
  const require = createRequire(path.join(appDir, 'package.json'));
  let dir = path.dirname(require.resolve(name));
  // Walk up to the package root: main files often live in dist/ or cjs/.
  while (!readSafe(path.join(dir, 'package.json'), name)) dir = path.dirname(dir);
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

function readSafe(file, name) {
  try {
    return JSON.parse(readFileSync(file, 'utf8')).name === name;
  } catch {
    return false;
  }
}

const facadeDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'shared-facades');

/**
 * Shared packages provided through a facade that re-exports what the apps use (tools/web/src/shared-facades).
 * A shared module cannot be tree-shaken (any remote may ask for any export), so the facade decides what goes
 * over the wire; its import of the real package goes through the `shared-original/` alias, which is not a share
 * key, so inside the facade the package is an ordinary, tree-shaken dependency.
 */
export const FACADES = {
  'react-router': 'react-router.mjs',
  'react-redux': 'react-redux.mjs',
  '@reduxjs/toolkit': 'redux-toolkit.mjs',
  '@reduxjs/toolkit/query': 'rtk-query.mjs',
  '@reduxjs/toolkit/query/react': 'rtk-query-react.mjs',
  'react-i18next': 'react-i18next.mjs',
};

/** The ES module file a bundler would pick for `request` (package exports: module / import / default). */
function esmEntry(appDir, request) {
  const name = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
  const subpath = `.${request.slice(name.length)}`;
  const require = createRequire(path.join(appDir, 'package.json'));
  let dir = path.dirname(require.resolve(name));
  while (!readSafe(path.join(dir, 'package.json'), name)) dir = path.dirname(dir);
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const pick = (target) => {
    if (typeof target === 'string') return target;
    if (!target || typeof target !== 'object') return undefined;
    for (const condition of ['module', 'import', 'default']) {
      const found = pick(target[condition]);
      if (found) return found;
    }
    return undefined;
  };
  const target = pick(pkg.exports?.[subpath] ?? (subpath === '.' ? pkg.module : undefined));
  if (!target) throw new Error(`no ES module entry for ${request}`);
  return path.join(dir, target);
}

/** Resolver aliases behind the facades: `shared-original/<package>` is the package's ES build. */
export function sharedOriginalAliases(appDir, production) {
  const alias = {};
  for (const request of Object.keys(FACADES)) {
    let file = esmEntry(appDir, request);
    // react-router's exports point every condition at its development build; production has its own.
    if (request === 'react-router' && production)
      file = file.replace(`${path.sep}development${path.sep}`, `${path.sep}production${path.sep}`);
    alias[`shared-original/${request}$`] = file;
  }
  return alias;
}

/**
 * The share scope every app declares. Singletons so there is exactly one React, one router, one store, one
 * i18next and one api-client at run time; semver ranges so an older remote keeps working with a newer shell
 * and the reverse; the trailing-slash entries cover deep imports such as react/jsx-runtime and react-dom/client.
 */
export function sharedDeps(appDir) {
  const npm = {
    react: '^19.0.0',
    'react-dom': '^19.0.0',
    'react-router': '^7.18.0',
    'react-redux': '^9.0.0',
    '@reduxjs/toolkit': '^2.14.0',
    i18next: '^26.0.0',
    'react-i18next': '^17.0.0',
  };
  /** @type {Record<string, { singleton: boolean, requiredVersion: string, version: string, import?: string }>} */
  const shared = {};
  for (const [name, range] of Object.entries(npm)) {
    const version = installedVersion(appDir, name);
    shared[name] = { singleton: true, requiredVersion: range, version };
  }
  for (const name of ['react', 'react-dom']) {
    shared[`${name}/`] = { singleton: true, requiredVersion: npm[name], version: shared[name].version };
  }
  for (const sub of ['@reduxjs/toolkit/query', '@reduxjs/toolkit/query/react']) {
    shared[sub] = {
      singleton: true,
      requiredVersion: npm['@reduxjs/toolkit'],
      version: shared['@reduxjs/toolkit'].version,
    };
  }
  for (const [name, file] of Object.entries(FACADES)) shared[name].import = path.join(facadeDir, file);
  const workspace = {
    '@app/api-client': 'packages/api-client',
    '@app/ui': 'packages/ui',
    '@app/i18n/client': 'packages/i18n',
  };
  for (const [name, dir] of Object.entries(workspace)) {
    const version = workspaceVersion(dir);
    shared[name] = { singleton: true, version, requiredVersion: `^${version.split('.')[0]}.0.0` };
  }
  return shared;
}
