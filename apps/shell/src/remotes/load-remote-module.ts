import { loadRemote } from '@module-federation/enhanced/runtime';

/** The spec's page-load timeout. */
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

type Loader = <T>(id: string) => Promise<T | null | undefined>;

/**
 * Loads "remote/module" through the federation runtime, giving up after 60 s. Every failure, including the
 * runtime resolving to nothing, becomes a RemoteLoadError for the slot's error view.
 */
export async function loadRemoteModule<T>(
  id: string,
  { timeoutMs = REMOTE_TIMEOUT_MS, load = loadRemote as Loader }: { timeoutMs?: number; load?: Loader } = {},
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
