import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from '../dialog/use-modal.ts';
import { CheckIcon } from '../icons/icons.tsx';
import styles from '../dialog/dialog.module.css';

export type ActionSheetItem = { key: string; label: ReactNode; selected?: boolean; lang?: string };

export type ActionSheetProps = {
  open: boolean;
  title: ReactNode;
  items: ActionSheetItem[];
  cancelLabel: string;
  onSelect: (key: string) => void;
  onClose: () => void;
};

/** A bottom sheet of choices, within thumb reach; the selected one is marked (not by colour alone). */
export function ActionSheet({ open, title, items, cancelLabel, onSelect, onClose }: ActionSheetProps) {
  const titleId = useId();
  const ref = useModal<HTMLDivElement>(open, onClose);
  if (!open) return null;
  return createPortal(
    // The backdrop closes on a tap; from the keyboard, Escape closes (useModal).
    <div
      className={`${styles.overlay} ${styles.sheetOverlay}`}
      role="presentation"
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <div ref={ref} className={styles.sheet} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.sheetTitle}>
          {title}
        </h2>
        <div role="radiogroup" aria-labelledby={titleId}>
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="radio"
              lang={item.lang}
              aria-checked={item.selected ? 'true' : 'false'}
              className={styles.sheetItem}
              onClick={() => onSelect(item.key)}
            >
              {item.label}
              {item.selected && <CheckIcon size={18} />}
            </button>
          ))}
        </div>
        <button type="button" className={`${styles.sheetItem} ${styles.sheetCancel}`} onClick={onClose}>
          {cancelLabel}
        </button>
      </div>
    </div>,
    document.body,
  );
}
