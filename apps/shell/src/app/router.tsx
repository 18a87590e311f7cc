import { useEffect } from 'react';
import { HashRouter, useLocation, useNavigate } from 'react-router';
import { RemoteSlot } from '../remotes/remote-slot.tsx';
import { HomePage } from '../home/home-page.tsx';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import { AppLayout } from './app-layout.tsx';
import { AuthGate } from './auth-gate.tsx';
import { ownerOf } from './route-table.ts';

/**
 * The page for the address: Home, a remote's slot, or not found. A remote's own <Routes> then match the spec's
 * absolute paths inside its slot. loadRemote is not used in a route's `lazy` (a failure there would render
 * nothing): the slot handles it.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const owner = ownerOf(pathname);
  return (
    <AppLayout>
      {owner === null ? (
        <NotFoundPage />
      ) : (
        <AuthGate>
          {owner.kind === 'home' ? <HomePage /> : <RemoteSlot key={owner.remote} remote={owner.remote} />}
        </AuthGate>
      )}
    </AppLayout>
  );
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
