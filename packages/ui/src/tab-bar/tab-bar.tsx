import type { ReactNode } from 'react';
import styles from './tab-bar.module.css';

export type TabBarItem = { key: string; href: string; label: string; icon: ReactNode; active: boolean };

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
        >
          {item.icon}
          <span className={styles.label}>{item.label}</span>
        </a>
      ))}
    </nav>
  );
}
