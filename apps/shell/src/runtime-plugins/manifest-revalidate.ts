import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * One concern: a remote's mf-manifest.json is always revalidated with the server. Its URL names an immutable
 * version folder, so this only matters if an operator re-publishes a folder by hand; it costs one 304.
 */
export default function manifestRevalidate(): ModuleFederationRuntimePlugin {
  return {
    name: 'manifest-revalidate',
    fetch(url, init) {
      if (!url.endsWith('/mf-manifest.json')) return undefined;
      return fetch(url, { ...init, cache: 'no-cache' });
    },
  };
}
