import { useEffect, useRef } from 'react';

/** What a key does in a queue (docs/operators.md, "Triage"). */
export type QueueKey = 'next' | 'previous' | 'open' | 'approve' | 'refuse' | 'user' | 'select' | 'help';

/** The keys as the help dialog lists them, in its order. */
export const QUEUE_KEYS: readonly { keys: readonly string[]; action: QueueKey }[] = [
  { keys: ['j', '↓'], action: 'next' },
  { keys: ['k', '↑'], action: 'previous' },
  { keys: ['Enter'], action: 'open' },
  { keys: ['x'], action: 'select' },
  { keys: ['a'], action: 'approve' },
  { keys: ['r'], action: 'refuse' },
  { keys: ['u'], action: 'user' },
  { keys: ['?'], action: 'help' },
];

/**
 * Where a key was pressed: in something that takes text (never a shortcut there), on a queue's row, or anywhere
 * else on the page (a button, the page itself).
 */
export type KeyTarget = 'typing' | 'row' | 'other';

const NOT_TEXT = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

export function keyTargetOf(target: EventTarget | null): KeyTarget {
  if (!(target instanceof HTMLElement)) return 'other';
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return 'typing';
  if (target instanceof HTMLInputElement && !NOT_TEXT.has(target.type)) return 'typing';
  if (target.closest('[data-queue-row]')) return 'row';
  return 'other';
}

/**
 * The queue's action for a key, or null to leave the key alone: nothing while typing or with a modifier held
 * (the browser's and the screen reader's own shortcuts), Enter and the arrows only on a row or the page itself
 * (elsewhere they press the button or scroll as usual).
 */
export function queueKeyOf(
  event: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean },
  target: KeyTarget,
  onPage = false,
): QueueKey | null {
  if (target === 'typing' || event.ctrlKey || event.metaKey || event.altKey) return null;
  const onRow = target === 'row' || onPage;
  switch (event.key) {
    case 'j':
      return 'next';
    case 'k':
      return 'previous';
    case 'ArrowDown':
      return onRow ? 'next' : null;
    case 'ArrowUp':
      return onRow ? 'previous' : null;
    case 'Enter':
      return target === 'row' ? 'open' : null;
    case 'x':
      return 'select';
    case 'a':
      return 'approve';
    case 'r':
      return 'refuse';
    case 'u':
      return 'user';
    case '?':
      return 'help';
    default:
      return null;
  }
}

/**
 * Listens for the queue's keys on the whole page while it is shown, except while a modal dialog is open (its
 * own keys are its own). `handle` answers whether it used the key; a used key does nothing else.
 */
export function useQueueKeys(handle: (action: QueueKey) => boolean) {
  const ref = useRef(handle);
  ref.current = handle;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('[aria-modal="true"]')) return;
      const target = keyTargetOf(event.target);
      const action = queueKeyOf(event, target, event.target === document.body);
      if (action && ref.current(action)) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
