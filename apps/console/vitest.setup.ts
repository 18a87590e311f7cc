import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);
// findBy*/waitFor give up after 1 s by default: a lazy route or an error boundary on a busy 2-core machine can take
// longer, and slowness is not what these tests check.
configure({ asyncUtilTimeout: 5_000 });
