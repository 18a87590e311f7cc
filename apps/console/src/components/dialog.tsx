import { useEffect, useId, useRef, type ReactNode } from 'react';
import ui from './ui.module.css';

/** A modal dialog: focus moves into it, Escape closes it (unless busy), the page behind is covered. */
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
