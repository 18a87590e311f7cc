import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { makeStore } from '@app/api-client';
import { ToastProvider } from '@app/ui';
import AccountRoutes from '../exposes/routes.tsx';

/** Where a page sent the user (the Security page stands for any page outside the remote). */
function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The account remote's pages at `path`, with the shared store, the given i18n and the toasts, as the shell mounts them. */
export function renderAccountAt(path: string, i18n: i18n) {
  const store = makeStore();
  const router = createMemoryRouter(
    [
      { path: '/pages/user/security', element: <Where /> },
      {
        path: '*',
        element: (
          <Suspense fallback={null}>
            <AccountRoutes />
          </Suspense>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </I18nextProvider>
    </Provider>,
  );
  return { store };
}

/** One page of the remote at `path`, signed in (a session token in the store), inside the shell's providers. */
export function renderSignedInPage(page: ReactNode, path: string, i18n: i18n) {
  const router = createMemoryRouter([{ path: '*', element: <Suspense fallback={null}>{page}</Suspense> }], {
    initialEntries: [path],
  });
  render(
    <Provider store={makeStore({ session: { token: 't', endedBecause: null } })}>
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </I18nextProvider>
    </Provider>,
  );
}
