import { useEffect, useSyncExternalStore } from 'react';
import type { OrderMode } from '@app/contracts';

const KEY = 'trade.mode';
const listeners = new Set<() => void>();

function read(): OrderMode {
  try {
    return localStorage.getItem(KEY) === 'practice' ? 'practice' : 'real';
  } catch {
    return 'real';
  }
}
let current: OrderMode = typeof localStorage === 'undefined' ? 'real' : read();

/** Real or practice money: one choice for the whole trade remote, kept across visits. */
export function setTradeMode(mode: OrderMode) {
  current = mode;
  try {
    localStorage.setItem(KEY, mode);
  } catch {
    // Private mode: the choice lasts for this visit.
  }
  listeners.forEach((l) => l());
}

export function useTradeMode(): OrderMode {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => 'real',
  );
}

/**
 * On price and order screens in practice mode the whole document (bottom sheets included, which render
 * outside the page) takes the practice accent; leaving the screen takes it away.
 */
export function usePracticeAccent(mode: OrderMode) {
  useEffect(() => {
    const root = document.documentElement;
    if (mode === 'practice') root.dataset.tradeMode = 'practice';
    else delete root.dataset.tradeMode;
    return () => {
      delete root.dataset.tradeMode;
    };
  }, [mode]);
}
