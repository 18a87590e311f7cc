import '@app/ui/tokens.css';
import '@app/ui/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient, makeStore } from '@app/api-client';
import { currentLanguage, initI18n } from '@app/i18n/client';
import { applyPreferences } from '@app/ui';
import { Providers } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import type { RemoteManifest } from './remotes/remote-manifest.ts';

export async function mount(_manifest: RemoteManifest) {
  applyPreferences();
  const i18n = await initI18n();
  configureApiClient({ getLanguage: currentLanguage });
  const store = makeStore();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // The first render as a transition: React renders it in slices that yield to the browser, so a slow phone
  // stays responsive (and the static frame stays painted) while the app is built; it commits in one go.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers store={store} i18n={i18n}>
          <AppRouter />
        </Providers>
      </StrictMode>,
    ),
  );
}
