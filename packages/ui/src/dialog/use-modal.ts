import { useLayoutEffect, useRef } from 'react';
import type { CheckOptions, FocusableElement } from 'tabbable';

export type UseModalOptions = {
  /**
   * Where focus goes on open: the first focusable element inside (the default), or the modal itself (a sheet
   * whose first control is a close button, so a screen reader starts at the title).
   */
  initialFocus?: 'first' | 'container';
};

// tabbable decides what is hidden from layout; an engine without layout (jsdom) gives nothing a box, and
// every control would count as hidden.
const displayCheck = (): CheckOptions['displayCheck'] =>
  document.documentElement.getClientRects().length > 0 ? 'full' : 'none';

// The tabbable library arrives with the first modal, not with the first page: Home's first load carries no
// modal. Until it is there (milliseconds, longer on a busy phone), Tab goes round the dialog's enabled controls and
// tabindex elements (FIRST_CONTROL) instead, so it never leaves for the browser's chrome.
let tabbableOf: ((node: HTMLElement) => FocusableElement[]) | undefined;
const loadTabbable = () =>
  import('tabbable').then(({ tabbable }) => {
    tabbableOf = (node) => tabbable(node, { displayCheck: displayCheck() });
  });

/** Where focus goes first without showModal(), which otherwise focuses the first focusable element itself. */
const FIRST_CONTROL =
  'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * What every modal needs, from the platform: put the returned ref on a `<dialog>`. It opens with `showModal()`,
 * so the page behind is inert (no tap, no Tab, no screen reader reaches it) and the dialog sits in the top layer;
 * Escape (and Android's back gesture, the dialog's `cancel`) closes it through `onClose`; focus moves in on open
 * and returns to where it was on close. Tab and Shift+Tab go round every tabbable element inside (selects,
 * textareas, tabindex, radio groups: the `tabbable` library's rules) instead of leaving for the browser's chrome.
 */
export function useModal<T extends HTMLDialogElement>(
  open: boolean,
  onClose: () => void,
  options: UseModalOptions = {},
) {
  const ref = useRef<T>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const initialFocus = options.initialFocus ?? 'first';
  // Before paint, so the dialog appears opened in its first frame.
  useLayoutEffect(() => {
    const node = ref.current;
    if (!open || !node) return;
    const previous = document.activeElement as HTMLElement | null;
    if (!tabbableOf) void loadTabbable();
    // A browser without showModal (and jsdom) still shows it, without the inert background.
    if (typeof node.showModal === 'function') {
      if (!node.open) node.showModal();
      if (initialFocus === 'container') node.focus();
    } else {
      node.setAttribute('open', '');
      (initialFocus === 'container' ? node : (node.querySelector<HTMLElement>(FIRST_CONTROL) ?? node)).focus();
    }
    const items = () => tabbableOf?.(node) ?? [...node.querySelectorAll<HTMLElement>(FIRST_CONTROL)];
    const onCancel = (event: Event) => {
      // The dialog closes when its owner says so (it re-renders without it), not by itself.
      event.preventDefault();
      closeRef.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const list = items();
      const first = list[0];
      const last = list[list.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === node)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    node.addEventListener('cancel', onCancel);
    node.addEventListener('keydown', onKey);
    return () => {
      node.removeEventListener('cancel', onCancel);
      node.removeEventListener('keydown', onKey);
      if (node.open && typeof node.close === 'function') node.close();
      previous?.focus?.();
    };
  }, [open, initialFocus]);
  return ref;
}
