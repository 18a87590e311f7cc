import type { AnchorHTMLAttributes } from 'react';
import { cx } from '../lib/cx.ts';
import styles from '../button/button.module.css';

export type LinkButtonProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  href: string;
  variant?: 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
};

/**
 * A link that looks like a Button: navigation stays a link for assistive technology (announced as a link,
 * opens in a new tab with the usual gestures), while it reads as the page's next step.
 */
export function LinkButton({
  variant = 'primary',
  size = 'md',
  block = false,
  className,
  children,
  ...rest
}: LinkButtonProps) {
  return (
    <a
      {...rest}
      className={cx(styles.button, styles[variant], size !== 'md' && styles[size], block && styles.block, className)}
    >
      {children}
    </a>
  );
}
