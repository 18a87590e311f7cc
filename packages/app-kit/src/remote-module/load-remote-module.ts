import { getInstance } from '@module-federation/enhanced/runtime';

/** The spec's page-load timeout, for a remote's page and for a widget alike. */
export const REMOTE_TIMEOUT_MS = 60_000;

export class RemoteLoadError extends Error {
  constructor(
    readonly id: string,
    readonly reason: 'timeout' | 'failed',
    cause?: unknown,
  ) {
    super(`Remote module ${id} ${reason === 'timeout' ? 'timed out' : 'failed to load'}`, { cause });
    this.name = 'RemoteLoadError';
  }
}

export type RemoteLoader = <T>(id: string) => Promise<T | null | undefined>;

/** The shell's federation instance: it registered every remote from the boot data; a remote registered none. */
const HOST_NAME = 'shell';

/** Loads through the shell's federation runtime, from the shell or from inside a remote. */
export const loadThroughHost: RemoteLoader = async (id) => {
  const host = getInstance((instance) => instance.name === HOST_NAME);
  if (!host) throw new Error(`No federation host to load ${id} from`);
  return host.loadRemote(id);
};

/**
 * Loads "remote/module" (a remote's page table, a Home widget, another remote's widget) at run time, never by
 * import: each remote is built and released apart. Gives up after 60 s. Every failure, including the runtime
 * answering nothing, becomes a RemoteLoadError for the error view.
 */
export async function loadRemoteModule<T>(
  id: string,
  { timeoutMs = REMOTE_TIMEOUT_MS, load = loadThroughHost }: { timeoutMs?: number; load?: RemoteLoader } = {},
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteLoadError(id, 'timeout')), timeoutMs);
  });
  try {
    const module = await Promise.race([load<T>(id), timeout]);
    if (!module) throw new RemoteLoadError(id, 'failed');
    return module;
  } catch (error) {
    throw error instanceof RemoteLoadError ? error : new RemoteLoadError(id, 'failed', error);
  } finally {
    clearTimeout(timer);
  }
}
