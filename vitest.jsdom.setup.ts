import { afterAll, afterEach, beforeAll, vi } from 'vitest';

/**
 * The setup of every jsdom package's files (their `vitest.setup.ts` passes its own Testing Library in: this root
 * file cannot resolve the packages' dependencies).
 */
export function setUpJsdomFiles(library: {
  cleanup: () => void;
  configure: (options: { asyncUtilTimeout: number }) => void;
}) {
  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  afterEach(library.cleanup);
  // findBy*/waitFor give up after 1 s by default: a lazy route or an error boundary on a busy 2-core machine can take
  // longer, and slowness is not what these tests check.
  library.configure({ asyncUtilTimeout: 5_000 });
  // A worker's files can share one process (vitest.jsdom.ts): each file starts with empty storage, and leaves the
  // real globals, environment and clock behind it.
  beforeAll(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterAll(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    vi.useRealTimers();
  });
}
