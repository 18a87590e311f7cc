import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { cx } from '../lib/cx.ts';
import { CloseIcon } from '../icons/icons.tsx';
import styles from './toast.module.css';

/** Durations from the spec: information stays 2 s, errors 3 s. */
export const TOAST_INFO_MS = 2000;
export const TOAST_ERROR_MS = 3000;
/** A notice (an alert fired, an order settled, a deposit decided) stays long enough to be read and tapped. */
export const TOAST_NOTICE_MS = 8000;

/** News for the user from wherever they are: a title, a line, a link to its page, and a way to close it. */
export type ToastNotice = {
  title: string;
  body?: string;
  /** An in-app href (`#/pages/...`); the whole notice opens it. */
  href?: string | null;
  /** The accessible name of the close button, in the user's language (this package has no texts). */
  dismissLabel: string;
  tone?: 'info' | 'good' | 'bad';
};

type Toast = { id: number; text: string; tone: 'info' | 'error' };
type Notice = ToastNotice & { id: number };
type ToastApi = {
  info: (text: string) => void;
  error: (text: string) => void;
  /** Additive (older remotes never call it): news shown at the top of any page until closed or 8 s pass. */
  notice?: (notice: ToastNotice) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Modal dialogs sit in the browser's top layer, above any z-index: a region is a popover that enters the top
 * layer again with each new toast, so a toast shows above a dialog or sheet opened before it.
 */
function useTopLayer(region: RefObject<HTMLDivElement | null>, items: readonly unknown[]) {
  useLayoutEffect(() => {
    const node = region.current;
    if (!node || typeof node.showPopover !== 'function') return;
    // Open from the start (an empty live region, so the first toast is announced), re-entered per toast.
    if (node.matches(':popover-open')) {
      if (items.length === 0) return;
      node.hidePopover();
    }
    node.showPopover();
  }, [region, items]);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);
  // A toast's end is a timer; one still waiting when the provider goes (a remote unmounted) is dropped with it.
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  const after = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);
  const show = useCallback(
    (text: string, tone: Toast['tone']) => {
      const id = nextId.current++;
      setToasts((list) => [...list.slice(-2), { id, text, tone }]);
      after(tone === 'error' ? TOAST_ERROR_MS : TOAST_INFO_MS, () =>
        setToasts((list) => list.filter((t) => t.id !== id)),
      );
    },
    [after],
  );
  const dismiss = useCallback((id: number) => setNotices((list) => list.filter((n) => n.id !== id)), []);
  const notice = useCallback(
    (n: ToastNotice) => {
      const id = nextId.current++;
      setNotices((list) => [...list.slice(-2), { ...n, id }]);
      after(TOAST_NOTICE_MS, () => dismiss(id));
    },
    [after, dismiss],
  );
  const region = useRef<HTMLDivElement>(null);
  const all = useMemo(() => [...toasts, ...notices], [toasts, notices]);
  useTopLayer(region, all);
  const api = useMemo<ToastApi>(
    () => ({ info: (text) => show(text, 'info'), error: (text) => show(text, 'error'), notice }),
    [show, notice],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* One live region for both: news at the top, short toasts in the middle. */}
      <div ref={region} popover="manual" className={styles.layer} role="status" aria-live="polite">
        <div className={styles.region}>
          {toasts.map((t) => (
            <div key={t.id} className={cx(styles.toast, t.tone === 'error' && styles.error)}>
              {t.text}
            </div>
          ))}
        </div>
        <div className={styles.news}>
          {notices.map((n) => (
            <div
              key={n.id}
              className={cx(styles.notice, n.tone === 'good' && styles.good, n.tone === 'bad' && styles.bad)}
              data-testid="notice"
            >
              {n.href ? (
                <a className={styles.noticeText} href={n.href} onClick={() => dismiss(n.id)}>
                  <strong>{n.title}</strong>
                  {n.body && <span>{n.body}</span>}
                </a>
              ) : (
                <div className={styles.noticeText}>
                  <strong>{n.title}</strong>
                  {n.body && <span>{n.body}</span>}
                </div>
              )}
              <button
                type="button"
                className={styles.dismiss}
                aria-label={n.dismissLabel}
                onClick={() => dismiss(n.id)}
              >
                <CloseIcon />
              </button>
            </div>
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it');
  return api;
}
