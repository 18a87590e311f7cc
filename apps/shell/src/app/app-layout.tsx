import { lazy, Suspense, type ReactNode } from 'react';
import { selectIsLoggedIn, useAppSelector } from '@app/api-client';
import { useLocation } from 'react-router';
import { cx } from '@app/ui';
import { tabOf } from './route-table.ts';
import { ShellTabBar } from './shell-tab-bar.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import styles from './app-layout.module.css';

// Only a signed-in user's pages load them: the sign-in and registration pages stay as light as before.
const UserWatchers = lazy(() => import(/* webpackChunkName: "user-watchers" */ './user-watchers.tsx'));

/** The one-column frame: 450 px at most, centred; the tab bar only on the four tab pages. */
export function AppLayout({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { pathname } = useLocation();
  const tab = tabOf(pathname);
  return (
    <div className={cx(styles.frame, tab && styles.withTabs)}>
      <ScrollToTop />
      {loggedIn && (
        <Suspense fallback={null}>
          <UserWatchers />
        </Suspense>
      )}
      {children}
      {tab && <ShellTabBar current={tab} />}
    </div>
  );
}
