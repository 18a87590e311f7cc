import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appConfig } from '@app/web-tools/rspack';

export default appConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'invest',
  kind: 'remote',
  exposes: {
    './routes': './src/exposes/routes.tsx',
    './popular-projects': './src/exposes/popular-projects.tsx',
    './project-orders': './src/exposes/project-orders.tsx',
  },
});
