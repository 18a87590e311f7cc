import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
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
  const api = useMemo<ToastApi>(
    () => ({ info: (text) => show(text, 'info'), error: (text) => show(text, 'error') }),
    [show],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={styles.region} role="status" aria-live="polite">
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
