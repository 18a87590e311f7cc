import '@app/ui/tokens.css';
import '@app/ui/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import type { Platform } from './boot/platform.ts';

export function mount({ i18n, store }: Platform) {
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
