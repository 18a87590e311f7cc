// The operator console: one standalone app (no Module Federation), served by the operator app at /console/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appConfig } from '@app/web-tools/rspack';

export default appConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'console',
  kind: 'standalone',
  entry: './src/index.tsx',
  publicPath: '/console/',
  // The operator API (ADMIN_PORT, 8081 by default): same origin for the session cookie.
  devProxy: { context: ['/admin'], target: 'http://127.0.0.1:8081' },
});
