import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import type { AppStore } from '@app/api-client';
import { ToastProvider } from '@app/ui';

/** Everything a page needs from above: the one store, the one i18next, toasts. */
export function Providers({ store, i18n, children }: { store: AppStore; i18n: i18n; children: ReactNode }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ToastProvider>{children}</ToastProvider>
      </I18nextProvider>
    </Provider>
  );
}
