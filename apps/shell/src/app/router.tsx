import { useEffect } from 'react';
import { HashRouter, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { RemoteSlot } from '../remotes/remote-slot.tsx';
import { REMOTE_NAMES } from '../remotes/remote-manifest.ts';
import { HomePage } from '../home/home-page.tsx';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import { AppLayout } from './app-layout.tsx';
import { AuthGate } from './auth-gate.tsx';
import { HOME_PATHS, REMOTE_ROUTES } from './route-table.ts';

/**
 * One slot per remote: a pathless route whose children are the remote's paths. Being pathless, the slot
 * passes the whole path on, so the remote's own <Routes> match the spec's absolute paths. loadRemote is not
 * used in a route's `lazy` (a failure there would render nothing): the slot handles it.
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      children: [
        {
          element: <AuthGate />,
          children: [
            ...HOME_PATHS.map((path) => ({ path, element: <HomePage /> })),
            ...REMOTE_NAMES.map((remote) => ({
              id: `remote-${remote}`,
              element: <RemoteSlot key={remote} remote={remote} />,
              // The leaves only claim paths for the slot; the remote renders the page.
              children: REMOTE_ROUTES[remote].map((path) => ({ path, element: null })),
            })),
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

const routes = appRoutes();

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The first render is a transition that yields to the browser, and the router starts listening for hash changes
 * only when it commits: a change in between (a tap on the boot frame's tab bar, a link opened while the app
 * starts) would be missed and the app would show the old page. Once mounted, catch up with the address.
 */
function CatchUpWithAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const address = window.location.hash.replace(/^#/, '') || '/';
    if (address !== location.pathname + location.search + location.hash) void navigate(address, { replace: true });
    // Only the address at mount matters; later changes reach the router through its listener.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

/**
 * A declarative hash router: the app has no loaders or actions, so the data router (and its weight on every
 * phone) is not needed.
 */
export function AppRouter() {
  return (
    <HashRouter>
      <CatchUpWithAddress />
      <AppRoutes />
    </HashRouter>
  );
}
