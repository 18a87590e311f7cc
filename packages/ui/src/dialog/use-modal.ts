import { useEffect, useRef } from 'react';

export type UseModalOptions = {
  /**
   * Where focus goes on open: the first focusable element inside (the default), or the modal itself (a sheet
   * whose first control is a close button, so a screen reader starts at the title).
   */
  initialFocus?: 'first' | 'container';
};

/**
 * What every modal needs: Escape closes it, focus moves into it on open, Tab stays inside it, and focus
 * returns to where it was on close. Put the returned ref on the element with role="dialog" (and tabIndex={-1}).
 */
export function useModal<T extends HTMLElement>(open: boolean, onClose: () => void, options: UseModalOptions = {}) {
  const ref = useRef<T>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const initialFocus = options.initialFocus ?? 'first';
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const node = ref.current;
    const focusables = () =>
      Array.from(
        node?.querySelectorAll<HTMLElement>('button:not(:disabled), [href], input:not(:disabled), [tabindex="0"]') ??
          [],
      );
    (initialFocus === 'container' ? node : (focusables()[0] ?? node))?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open, initialFocus]);
  return ref;
}
