import type { ReactNode } from 'react';
import { cx } from '../lib/cx.ts';
import styles from './badge.module.css';

export type BadgeProps = {
  children: ReactNode;
  tone?: 'neutral' | 'primary' | 'warning' | 'up' | 'down' | 'gold';
};

export function Badge({ children, tone = 'neutral' }: BadgeProps) {
  return <span className={cx(styles.badge, styles[tone])}>{children}</span>;
}
