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
  const shared = {};
  for (const [name, range] of Object.entries(npm)) {
    const version = installedVersion(appDir, name);
    shared[name] = { singleton: true, requiredVersion: range, version };
  }
  for (const name of ['react', 'react-dom', '@reduxjs/toolkit']) {
    shared[`${name}/`] = { singleton: true, requiredVersion: npm[name], version: shared[name].version };
  }
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
