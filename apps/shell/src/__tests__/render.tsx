import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { i18n } from 'i18next';
import { makeStore, type AppStore } from '@app/api-client';
import { initI18n } from '@app/i18n/client';
import { Providers } from '../app/providers.tsx';

let shared: i18n | undefined;

/** The app's providers around a memory router: a fresh store per test, one English i18next per file. */
export async function renderRoutes(routes: RouteObject[], path: string, store: AppStore = makeStore()) {
  shared ??= await initI18n({ lang: 'en' });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers store={store} i18n={shared}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, store };
}

export function Probe({ children }: { children?: ReactNode }) {
  return <p data-testid="probe">{children}</p>;
}
