import { useSyncExternalStore } from 'react';

export type ThemePreference = 'system' | 'light' | 'dark';
export type UpDownPreference = 'green-up' | 'red-up';
export type Preferences = { theme: ThemePreference; upDown: UpDownPreference };

const STORAGE_KEY = 'ui-preferences';
const DEFAULTS: Preferences = { theme: 'system', upDown: 'green-up' };
const listeners = new Set<() => void>();
let cached: Preferences | null = null;

function read(): Preferences {
  if (cached) return cached;
  try {
    const parsed = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '{}') as Partial<Preferences>;
    cached = {
      theme: parsed.theme === 'light' || parsed.theme === 'dark' ? parsed.theme : 'system',
      upDown: parsed.upDown === 'red-up' ? 'red-up' : 'green-up',
    };
  } catch {
    cached = { ...DEFAULTS };
  }
  return cached;
}

/** Puts the preferences on <html> where the tokens pick them up: data-theme and data-updown. */
export function applyPreferences(prefs: Preferences = read()): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  if (prefs.theme === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', prefs.theme);
  root.setAttribute('data-updown', prefs.upDown);
}

export function setPreferences(next: Partial<Preferences>): void {
  cached = { ...read(), ...next };
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(cached));
  } catch {
    // Not persisted; still applied for this visit.
  }
  applyPreferences(cached);
  listeners.forEach((listener) => listener());
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => DEFAULTS,
  );
}
