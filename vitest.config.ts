import { defineConfig } from 'vitest/config';

/**
 * Every front-end app's and package's unit tests in one Vitest run (`pnpm test:unit`): one pool of workers for all
 * of them instead of a Vitest start per package. Each project keeps its own config. The server's suites need their
 * PostgreSQL and run on their own (`pnpm --filter @app/server test`).
 */
export default defineConfig({
  test: {
    projects: ['apps/*', 'packages/*', 'tools/*', '!apps/server'],
    maxWorkers: 2,
  },
});
