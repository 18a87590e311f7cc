import type { ReactNode } from 'react';
import { cx } from '../lib/cx.ts';
import { InboxIcon } from '../icons/icons.tsx';
import styles from './empty-state.module.css';

export type EmptyStateProps = {
  /** What is missing, in plain words. */
  title: ReactNode;
  description?: ReactNode;
  /** The next step, e.g. a link to Trade. */
  action?: ReactNode;
  icon?: ReactNode;
  compact?: boolean;
  /** The heading level that fits the page outline. */
  headingLevel?: 2 | 3;
};

export function EmptyState({ title, description, action, icon, compact, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={cx(styles.empty, compact && styles.compact)}>
      <span className={styles.icon} aria-hidden="true">
        {icon ?? <InboxIcon />}
      </span>
      <Heading className={styles.title}>{title}</Heading>
      {description && <p className={styles.description}>{description}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
