import { useEffect, useState, type ReactNode } from 'react';

/** The spec's rule: a loading view appears only once a wait passes 200 ms, so fast loads never flash. */
export const LOADING_DELAY_MS = 200;

export function Delayed({ delayMs = LOADING_DELAY_MS, children }: { delayMs?: number; children: ReactNode }) {
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return visible ? <>{children}</> : null;
}
