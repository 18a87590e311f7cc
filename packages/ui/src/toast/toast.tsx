import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { cx } from '../lib/cx.ts';
import styles from './toast.module.css';

/** Durations from the spec: information stays 2 s, errors 3 s. */
export const TOAST_INFO_MS = 2000;
export const TOAST_ERROR_MS = 3000;

type Toast = { id: number; text: string; tone: 'info' | 'error' };
type ToastApi = { info: (text: string) => void; error: (text: string) => void };

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const show = useCallback((text: string, tone: Toast['tone']) => {
    const id = nextId.current++;
    setToasts((list) => [...list.slice(-2), { id, text, tone }]);
    setTimeout(
      () => setToasts((list) => list.filter((t) => t.id !== id)),
      tone === 'error' ? TOAST_ERROR_MS : TOAST_INFO_MS,
    );
  }, []);
  const region = useRef<HTMLDivElement>(null);
  // Modal dialogs sit in the browser's top layer, above any z-index: the region is a popover that enters the top
  // layer again with each new toast, so a toast shows above a dialog or sheet opened before it.
  useLayoutEffect(() => {
    const node = region.current;
    if (!node || typeof node.showPopover !== 'function') return;
    // Open from the start (an empty live region, so the first toast is announced), re-entered per toast.
    if (node.matches(':popover-open')) {
      if (toasts.length === 0) return;
      node.hidePopover();
    }
    node.showPopover();
  }, [toasts]);
  const api = useMemo<ToastApi>(
    () => ({ info: (text) => show(text, 'info'), error: (text) => show(text, 'error') }),
    [show],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div ref={region} popover="manual" className={styles.region} role="status" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={cx(styles.toast, t.tone === 'error' && styles.error)}>
            {t.text}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it');
  return api;
}
