import type { ReactNode } from 'react';
import page from './page.module.css';

/** A console page's title, the line under it, and (as children) the page's own actions at the right. */
export function PageHeader({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={page.header}>
      <div>
        <h1 className={page.title}>{title}</h1>
        <p className={page.subtitle}>{subtitle}</p>
      </div>
      {children}
    </div>
  );
}
