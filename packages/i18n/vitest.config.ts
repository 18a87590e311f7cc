import { defineConfig } from 'vitest/config';

// The server-side catalogue tests run in node; the client's tests ask for jsdom per file.
export default defineConfig({ test: { environment: 'node' } });
