import type { ReactNode } from 'react';
import styles from './tab-bar.module.css';

export type TabBarItem = {
  key: string;
  href: string;
  label: string;
  icon: ReactNode;
  active: boolean;
  /** A count on the icon (unread messages), and its words for a screen reader. */
  badge?: { count: number; label: string };
};

const badgeText = (badge: TabBarItem['badge']) =>
  badge && badge.count > 0 ? (badge.count > 99 ? '99+' : String(badge.count)) : undefined;

/**
 * The bottom tab bar. Items are plain links (hash URLs), so the package needs no router: the hash router
 * picks up the change like any other navigation.
 */
export function TabBar({ items, label }: { items: TabBarItem[]; label: string }) {
  return (
    <nav className={styles.bar} aria-label={label}>
      {items.map((item) => (
        <a
          key={item.key}
          href={item.href}
          className={styles.item}
          aria-current={item.active ? 'page' : undefined}
          title={item.label}
          aria-describedby={item.badge ? `tab-${item.key}-badge` : undefined}
        >
          {/* The count is drawn by CSS from data-count: the link's name stays its label alone. */}
          <span className={styles.icon} data-count={badgeText(item.badge)} data-testid={`tab-${item.key}-icon`}>
            {item.icon}
          </span>
          <span className={styles.label}>{item.label}</span>
          {item.badge && (
            <span id={`tab-${item.key}-badge`} hidden>
              {item.badge.label}
            </span>
          )}
        </a>
      ))}
    </nav>
  );
}
