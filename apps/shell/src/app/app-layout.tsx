import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { cx } from '@app/ui';
import { tabOf } from './route-table.ts';
import { ShellTabBar } from './shell-tab-bar.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { NoticeWatcher } from './notice-watcher.tsx';
import { RealityCheck } from './reality-check.tsx';
import styles from './app-layout.module.css';

/** The one-column frame: 450 px at most, centred; the tab bar only on the four tab pages. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const tab = tabOf(pathname);
  return (
    <div className={cx(styles.frame, tab && styles.withTabs)}>
      <ScrollToTop />
      <NoticeWatcher />
      <RealityCheck />
      {children}
      {tab && <ShellTabBar current={tab} />}
    </div>
  );
}
