import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appConfig } from '@app/web-tools/rspack';

export default appConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'trade',
  kind: 'remote',
  exposes: {
    './routes': './src/exposes/routes.tsx',
    './quotes-strip': './src/exposes/quotes-strip.tsx',
  },
});
