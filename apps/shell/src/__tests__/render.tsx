import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useNavigate, useRoutes, type NavigateFunction, type RouteObject } from 'react-router';
import type { i18n } from 'i18next';
import { makeStore, type AppStore } from '@app/api-client';
import { initI18n } from '@app/i18n/client';
import { Providers } from '../app/providers.tsx';

let shared: i18n | undefined;

function Routed({ routes, onNavigate }: { routes: RouteObject[]; onNavigate: (navigate: NavigateFunction) => void }) {
  onNavigate(useNavigate());
  return useRoutes(routes);
}

/**
 * The app's providers around a memory router (declarative, as the app's hash router is): a fresh store per
 * test, one English i18next per file. `router.navigate` moves the test to another path.
 */
export async function renderRoutes(routes: RouteObject[], path: string, store: AppStore = makeStore()) {
  shared ??= await initI18n({ lang: 'en' });
  let navigate: NavigateFunction = () => undefined;
  const view = render(
    <Providers store={store} i18n={shared}>
      <MemoryRouter initialEntries={[path]}>
        <Routed routes={routes} onNavigate={(fn) => (navigate = fn)} />
      </MemoryRouter>
    </Providers>,
  );
  return { ...view, router: { navigate: (to: string) => navigate(to) }, store };
}

export function Probe({ children }: { children?: ReactNode }) {
  return <p data-testid="probe">{children}</p>;
}
