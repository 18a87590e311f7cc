import { useCallback, useEffect, useState } from 'react';

/** Chromium's install offer (not in the DOM typings): shown by prompt(), answered through userChoice. */
export type InstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

/** The shell's boot script keeps the offer here when it comes before this page's code has loaded. */
type InstallWindow = Window & { __APP_INSTALL_PROMPT__?: InstallPromptEvent | null };

export type InstallState =
  /** Opened from the home screen already. */
  | 'standalone'
  /** The browser offers an install: show the button. */
  | 'available'
  /** Installed during this visit. */
  | 'installed'
  /** No offer (Safari, Firefox, already installed, not installable): show how to add it by hand. */
  | 'unavailable';

export function isStandalone(win: Window = window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || win.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** iPhone and iPad (iPadOS reports itself as a Mac with a touch screen): Safari installs only by hand. */
export function isAppleMobile(win: Window = window): boolean {
  const nav = win.navigator;
  return /iphone|ipad|ipod/i.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
}

/** The browser's install offer (beforeinstallprompt), whenever it came, and a way to accept it. */
export function useInstallPrompt() {
  const win = window as InstallWindow;
  const [offer, setOffer] = useState<InstallPromptEvent | null>(() => win.__APP_INSTALL_PROMPT__ ?? null);
  const [installed, setInstalled] = useState(false);
  useEffect(() => {
    const onOffer = (event: Event) => {
      event.preventDefault(); // the page's own button offers it
      win.__APP_INSTALL_PROMPT__ = event as InstallPromptEvent;
      setOffer(event as InstallPromptEvent);
    };
    const onInstalled = () => {
      win.__APP_INSTALL_PROMPT__ = null;
      setOffer(null);
      setInstalled(true);
    };
    win.addEventListener('beforeinstallprompt', onOffer);
    win.addEventListener('appinstalled', onInstalled);
    return () => {
      win.removeEventListener('beforeinstallprompt', onOffer);
      win.removeEventListener('appinstalled', onInstalled);
    };
  }, [win]);

  const install = useCallback(async () => {
    if (!offer) return;
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    // An offer can be used once; the browser sends a new one if the person may still install.
    win.__APP_INSTALL_PROMPT__ = null;
    setOffer(null);
    if (outcome === 'accepted') setInstalled(true);
  }, [offer, win]);

  const state: InstallState = installed
    ? 'installed'
    : isStandalone(win)
      ? 'standalone'
      : offer
        ? 'available'
        : 'unavailable';
  return { state, install };
}
