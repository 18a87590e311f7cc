import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { selectIsLoggedIn, useAppSelector, useGetUserInfoQuery } from '@app/api-client';
import { Delayed, Spinner } from '@app/ui';
import { isOpenPath } from './open-paths.ts';
import { loginPathFor } from './login-path.ts';

/**
 * The spec's access rule. Open pages render at once. Any other page needs a session: without a token the user
 * goes straight to login; with one, user info is fetched (once, then cached) and a 401 ends the session, which
 * sends the user to login too. Login brings them back here.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const open = isOpenPath(location.pathname);
  return open ? children : <Gated returnTo={`${location.pathname}${location.search}`}>{children}</Gated>;
}

function Gated({ returnTo, children }: { returnTo: string; children: ReactNode }) {
  const { t } = useTranslation();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { data, isLoading } = useGetUserInfoQuery(undefined, { skip: !loggedIn });
  if (!loggedIn) return <Navigate to={loginPathFor(returnTo)} replace />;
  if (isLoading && !data) {
    return (
      <Delayed>
        <Spinner label={t('states.loading')} />
      </Delayed>
    );
  }
  // Any other failure (no network) still shows the page: each page reports its own load errors.
  return children;
}
