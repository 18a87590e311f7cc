import type { ReactNode, ButtonHTMLAttributes } from 'react';
import { cx } from '../lib/cx.ts';
import { BackIcon } from '../icons/icons.tsx';
import styles from './nav-bar.module.css';

export type NavBarProps = {
  title?: ReactNode;
  /** When given, a back button with this accessible name is shown on the left. */
  onBack?: () => void;
  backLabel?: string;
  left?: ReactNode;
  right?: ReactNode;
  /** default: title + back on the surface colour; brand / transparent: the custom bars of the spec's pages. */
  variant?: 'default' | 'brand' | 'transparent';
};

export function NavBar({ title, onBack, backLabel, left, right, variant = 'default' }: NavBarProps) {
  return (
    <header className={cx(styles.bar, variant !== 'default' && styles[variant])}>
      <div className={styles.side}>
        {onBack ? (
          <button type="button" className={styles.iconButton} onClick={onBack} aria-label={backLabel}>
            <BackIcon />
          </button>
        ) : (
          left
        )}
      </div>
      {/* A page with its own big heading passes no title; an empty h1 would confuse screen readers. */}
      {title !== undefined ? <h1 className={styles.title}>{title}</h1> : <span className={styles.title} />}
      <div className={cx(styles.side, styles.right)}>{right}</div>
    </header>
  );
}

/** A 44 px icon button for nav-bar actions; give it an aria-label. */
export function NavBarButton({ className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" {...rest} className={cx(styles.iconButton, className)} />;
}
