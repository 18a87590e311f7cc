import { useDeferredValue, useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { BackIcon, CloseIcon } from '@app/ui';
import { useModal } from '@app/ui/use-modal';
import styles from './bottom-sheet.module.css';

export type BottomSheetProps = {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** A back arrow on the left (a second step of the sheet). */
  onBack?: () => void;
  children: ReactNode;
  /** Stays at the bottom, within the thumb's reach, while the body scrolls. */
  footer?: ReactNode;
  testId?: string;
};

/** A modal sheet rising from the bottom: the order sheet and its confirmation step. */
export function BottomSheet({ open, title, onClose, onBack, children, footer, testId }: BottomSheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useModal<HTMLDialogElement>(open, onClose, { initialFocus: 'container' });
  // The tap that opens a sheet paints the sheet (title, close, footer) in its own frame; the body, a form that
  // can take tens of milliseconds to build on a phone, follows in a background render while the sheet rises
  // (the deferred value is still false in the tap's render), so the tap never waits for it. The initial value
  // only for a sheet mounted open: React schedules a deferred render for any initial value, and each closed
  // sheet of the product page cost one render of the root for nothing while the page loaded.
  const bodyShown = useDeferredValue(open, open ? false : undefined);
  if (!open) return null;
  return createPortal(
    // The native dialog is the backdrop: a tap on it (outside the sheet) closes; Escape closes (useModal).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={styles.overlay}
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className={styles.sheet} data-testid={testId}>
        <div className={styles.head}>
          {onBack ? (
            <button type="button" className={styles.iconButton} onClick={onBack} aria-label={t('actions.back')}>
              <BackIcon size={20} />
            </button>
          ) : (
            <span />
          )}
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.iconButton} onClick={onClose} aria-label={t('actions.close')}>
            <CloseIcon size={20} />
          </button>
        </div>
        {/* The body scrolls when the content is long: focusable so a keyboard can scroll it too. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className={styles.body} tabIndex={0} role="region" aria-labelledby={titleId}>
          {bodyShown ? children : null}
        </div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </dialog>,
    document.body,
  );
}
