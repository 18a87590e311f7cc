import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../button/button.tsx';
import { useModal } from './use-modal.ts';
import styles from './dialog.module.css';

export type DialogProps = {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
  onClose: () => void;
};

export function Dialog({ open, title, children, actions, onClose }: DialogProps) {
  const titleId = useId();
  const ref = useModal<HTMLDivElement>(open, onClose);
  if (!open) return null;
  return createPortal(
    // The backdrop closes on a tap; from the keyboard, Escape closes (useModal).
    <div className={styles.overlay} role="presentation" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children && <div className={styles.body}>{children}</div>}
        <div className={styles.actions}>{actions}</div>
      </div>
    </div>,
    document.body,
  );
}

export type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
  busy?: boolean;
};

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, message, confirmLabel, cancelLabel, onConfirm, onCancel, danger, busy } = props;
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      actions={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {message}
    </Dialog>
  );
}
