import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appConfig } from '@app/web-tools/rspack';

export default appConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'account',
  kind: 'remote',
  exposes: {
    './routes': './src/exposes/routes.tsx',
    './home-notices': './src/exposes/home-notices.tsx',
    './home-banner': './src/exposes/home-banner.tsx',
  },
});
