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
  const ref = useModal<HTMLDialogElement>(open, onClose);
  if (!open) return null;
  return createPortal(
    // The native dialog is the backdrop: a tap on it (outside the sheet) closes; Escape closes (useModal).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={`${styles.overlay} ${styles.sheetOverlay}`}
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className={styles.sheet}>
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
    </dialog>,
    document.body,
  );
}
