import type { ReactNode } from 'react';
import page from '../../../components/page.module.css';
import ui from '../../../components/ui.module.css';

/** The top of a products panel (the holidays, a product's terms): its heading, and its one add button at the end. */
export function AddBar({ heading, add, onAdd }: { heading: ReactNode; add: string; onAdd: () => void }) {
  return (
    <div className={page.detailHeader} style={{ padding: 0, border: 0 }}>
      {heading}
      <button
        type="button"
        className={`${ui.button} ${ui.small}`}
        style={{ marginInlineStart: 'auto' }}
        onClick={onAdd}
      >
        {add}
      </button>
    </div>
  );
}
