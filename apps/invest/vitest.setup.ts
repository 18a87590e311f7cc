import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);
// findBy*/waitFor give up after 1 s by default: a lazy route or an error boundary on a busy 2-core machine can take
// longer, and slowness is not what these tests check.
configure({ asyncUtilTimeout: 5_000 });
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
