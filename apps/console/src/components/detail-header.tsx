import type { ReactNode } from 'react';
import page from './page.module.css';
import ui from './ui.module.css';

/** The head of an item opened beside a queue: its title, its state as a badge, and (as children) its acts. */
export function DetailHeader({ title, state, children }: { title: string; state?: string; children?: ReactNode }) {
  return (
    <div className={page.detailHeader}>
      <h2 className={ui.panelTitle}>{title}</h2>
      {state !== undefined && <span className={ui.badge}>{state}</span>}
      {children}
    </div>
  );
}

/** A reviewer's two decisions on a request, each of which then asks for its reason. */
export function DecisionButtons({
  approve,
  refuse,
  onAsk,
}: {
  approve: string;
  refuse: string;
  onAsk: (decision: 'approve' | 'refuse') => void;
}) {
  return (
    <>
      <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => onAsk('approve')}>
        {approve}
      </button>
      <button type="button" className={`${ui.button} ${ui.danger}`} onClick={() => onAsk('refuse')}>
        {refuse}
      </button>
    </>
  );
}
