import { useEffect, useId, useRef, type ReactNode } from 'react';
import ui from './ui.module.css';

/** The controls Tab may reach inside the dialog, in document order (enabled, not taken out by tabindex -1). */
const focusableIn = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
    (el) => el.tabIndex >= 0 && !(el as HTMLElement & { disabled?: boolean }).disabled,
  );

/**
 * The console's one modal dialog, under every other (reason, bulk, shown-once): focus moves into it and stays
 * there (Tab and Shift+Tab go round its controls, never to the page behind), Escape closes it (unless busy), the
 * page behind is covered, and on closing focus goes back where it was.
 */
export function Dialog({
  title,
  onClose,
  children,
  busy = false,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  busy?: boolean;
  testId?: string;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('textarea, input, select, button');
    first?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busyRef.current) closeRef.current();
      if (event.key === 'Tab' && ref.current) trapTab(event, ref.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, []);

  return (
    <div className={ui.overlay}>
      <div
        ref={ref}
        className={ui.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        <h2 id={titleId} className={ui.dialogTitle}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

/** Keeps Tab inside `dialog`: from its last control to its first, Shift+Tab from its first to its last. */
function trapTab(event: KeyboardEvent, dialog: HTMLElement) {
  const focusable = focusableIn(dialog);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const inside = active instanceof Node && dialog.contains(active);
  if (event.shiftKey ? !inside || active === first : !inside || active === last) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}
