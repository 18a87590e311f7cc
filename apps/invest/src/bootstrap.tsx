import '@app/ui/tokens.css';
import '@app/ui/base.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { configureApiClient, makeStore } from '@app/api-client';
import { currentLanguage, initI18n } from '@app/i18n/client';
import { ToastProvider, applyPreferences } from '@app/ui';
import Routes from './exposes/routes.tsx';

/**
 * Standalone dev host: this remote alone, with its own store, i18next and router, against the API proxied by
 * the dev server. Production never loads this file: the shell hosts the remote.
 */
async function mount() {
  applyPreferences();
  const i18n = await initI18n();
  configureApiClient({ getLanguage: currentLanguage });
  const store = makeStore();
  const router = createHashRouter([{ path: '*', element: <Suspense fallback={null}><Routes /></Suspense> }]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
}

void mount();
