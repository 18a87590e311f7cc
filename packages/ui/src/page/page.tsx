import type { ReactNode } from 'react';
import { cx } from '../lib/cx.ts';
import styles from './page.module.css';

/** A page: its nav bar, then its content. The shell's frame supplies width, backdrop and the tab-bar gap. */
export function Page({ nav, children, padded }: { nav?: ReactNode; children: ReactNode; padded?: boolean }) {
  return (
    <div className={styles.page}>
      {nav}
      <main className={cx(padded && styles.padded)}>{children}</main>
    </div>
  );
}
