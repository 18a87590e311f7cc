import type { ReactNode } from 'react';
import ui from './ui.module.css';

/**
 * A panel's title and the hint under it. The title's id is what the panel names itself by (aria-labelledby);
 * children are further hints.
 */
export function PanelHeading({
  id,
  title,
  hint,
  className,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <h2 id={id} className={ui.panelTitle}>
        {title}
      </h2>
      <p className={ui.hint}>{hint}</p>
      {children}
    </div>
  );
}
