import '@app/ui/tokens.css';
import '@app/ui/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureApiClient, makeStore } from '@app/api-client';
import { currentLanguage, initI18n } from '@app/i18n/client';
import { applyPreferences } from '@app/ui';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import type { RemoteManifest } from './remotes/remote-manifest.ts';

export async function mount(_manifest: RemoteManifest) {
  applyPreferences();
  const i18n = await initI18n();
  configureApiClient({ getLanguage: currentLanguage });
  const store = makeStore();
  const router = createAppRouter();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <Providers store={store} i18n={i18n}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
