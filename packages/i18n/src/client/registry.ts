import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';
import { isLanguage, type Language } from '@app/contracts';

export type NamespaceLoader = (lang: Language) => Promise<ResourceKey>;

/**
 * Who loads which namespace. The i18n package registers `common` and `errors`; each remote registers its own
 * namespace when its exposed module is evaluated, so the shell never needs to know a remote's texts.
 */
const loaders = new Map<string, NamespaceLoader>();

export function registerNamespace(ns: string, loader: NamespaceLoader): void {
  loaders.set(ns, loader);
}

export function registeredNamespaces(): string[] {
  return [...loaders.keys()];
}

/** JSON imported with `import()` arrives as a module whose default export is the object. */
export function unwrapJson(module: unknown): ResourceKey {
  const value = (module as { default?: unknown }).default ?? module;
  return value as ResourceKey;
}

/** An i18next backend that reads from the registry; i18next caches what it loaded per language. */
export const registryBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const loader = loaders.get(namespace);
    if (!loader || !isLanguage(language)) {
      callback(null, {});
      return;
    }
    loader(language).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
