import '@app/ui/tokens.css';
import '@app/ui/base.css';
import { StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { configureApiClient, languageChanged, makeStore } from '@app/api-client';
import { currentLanguage, initI18n } from '@app/i18n/client';
import { ToastProvider, applyPreferences } from '@app/ui';

/**
 * Standalone dev host: one remote's routes alone, with their own store, i18next and router, against the API
 * proxied by the dev server. Production never loads it: the shell hosts the remote. A remote's
 * src/bootstrap.tsx is `void mountDevHost(Routes)`.
 */
export async function mountDevHost(Routes: ComponentType, container = document.getElementById('root')) {
  if (!container) throw new Error('mountDevHost: no #root element');
  applyPreferences();
  const i18n = await initI18n();
  configureApiClient({ getLanguage: currentLanguage });
  const store = makeStore();
  i18n.on('languageChanged', () => store.dispatch(languageChanged()));
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <ToastProvider>
            <HashRouter>
              <Suspense fallback={null}>
                <Routes />
              </Suspense>
            </HashRouter>
          </ToastProvider>
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
}
