import type { ReactNode } from 'react';
import { cx } from '../lib/cx.ts';
import { ChevronIcon } from '../icons/icons.tsx';
import styles from './cell.module.css';

export type CellProps = {
  title: ReactNode;
  description?: ReactNode;
  value?: ReactNode;
  icon?: ReactNode;
  /** A link target (hash URL) makes the row a link; onClick makes it a button; neither, plain text. */
  href?: string;
  onClick?: () => void;
  arrow?: boolean;
  danger?: boolean;
};

export function Cell({ title, description, value, icon, href, onClick, arrow, danger }: CellProps) {
  const content = (
    <>
      {icon && <span className={styles.icon}>{icon}</span>}
      <span className={styles.body}>
        <span className={styles.title}>{title}</span>
        {description && <span className={styles.description}>{description}</span>}
      </span>
      {value !== undefined && <span className={styles.value}>{value}</span>}
      {(arrow ?? Boolean(href)) && <ChevronIcon className={styles.arrow} size={18} />}
    </>
  );
  const className = cx(styles.cell, danger && styles.danger);
  if (href) {
    return (
      <a className={className} href={href}>
        {content}
      </a>
    );
  }
  if (onClick) {
    return (
      <button type="button" className={className} onClick={onClick}>
        {content}
      </button>
    );
  }
  return <div className={className}>{content}</div>;
}

/** A card of rows; each child is one row. */
export function CellGroup({ title, children }: { title?: ReactNode; children: ReactNode }) {
  const items = Array.isArray(children) ? children.filter(Boolean) : [children];
  return (
    <section>
      {title && <h2 className={styles.groupTitle}>{title}</h2>}
      <div className={styles.group}>
        <ul className={styles.list}>
          {items.map((child, index) => (
            <li key={index}>{child}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
