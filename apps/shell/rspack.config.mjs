import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appConfig } from '@app/web-tools/rspack';

const appDir = path.dirname(fileURLToPath(import.meta.url));

export default appConfig({
  appDir,
  name: 'shell',
  kind: 'host',
  runtimePlugins: [path.join(appDir, 'src/runtime-plugins/manifest-revalidate.ts')],
});
