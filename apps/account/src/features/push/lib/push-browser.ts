import type { PushSettings, PushSubscribeBody } from '@app/contracts';

/**
 * What this browser can do about web push, before the server is asked anything:
 * - `ios-install`: an iPhone or iPad in Safari (not opened from the home screen), where push exists only for an app
 *   added to the home screen (iOS 16.4 and later);
 * - `unsupported`: no service worker, PushManager or Notification;
 * - `supported`.
 */
export type PushSupport = 'supported' | 'unsupported' | 'ios-install';

/** iPhone, iPod, iPad, and an iPad that says it is a Mac (iPadOS's desktop mode: "MacIntel" with a touch screen). */
export function isIos(nav: Navigator = navigator): boolean {
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
}

/** Opened from the home screen: Safari's navigator.standalone, or the display mode of an installed web app. */
export function isStandalone(win: Window = window): boolean {
  if ((win.navigator as Navigator & { standalone?: boolean }).standalone === true) return true;
  return typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches;
}

export function pushSupport(win: Window = window): PushSupport {
  if (isIos(win.navigator) && !isStandalone(win)) return 'ios-install';
  if (!('serviceWorker' in win.navigator) || !('PushManager' in win) || !('Notification' in win)) {
    return 'unsupported';
  }
  return 'supported';
}

/** The VAPID public key as the server sends it (base64url, padding optional) in the bytes PushManager takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return true; // A browser that does not tell: assume it is ours.
  const left = new Uint8Array(a);
  return left.length === b.length && left.every((byte, i) => byte === b[i]);
}

/**
 * The worker's registration, without waiting for one that does not exist (a development server registers none:
 * `serviceWorker.ready` would never settle there).
 */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration().catch(() => undefined);
}

/** This browser's push subscription for the app, or null. Never throws. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  try {
    const reg = await registration();
    return reg?.pushManager ? await reg.pushManager.getSubscription() : null;
  } catch {
    return null;
  }
}

/** How long the app waits for its service worker to be active before it says it cannot turn push on. */
const READY_MS = 10_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Subscribes this browser with the server's key (permission must already be granted). A subscription made with
 * another key (the server's key changed) is replaced: the browser refuses a second key for one registration.
 * Throws when there is no worker or no push service to reach.
 */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscription> {
  const key = applicationServerKey(publicKey);
  const reg = await within(navigator.serviceWorker.ready, READY_MS);
  const existing = await reg.pushManager.getSubscription();
  if (existing) {
    if (sameBytes(existing.options?.applicationServerKey, key)) return existing;
    await existing.unsubscribe();
  }
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** Whether a subscription was made with the server's current key (else the server cannot push to it). */
export function madeWithKey(subscription: PushSubscription, publicKey: string): boolean {
  return sameBytes(subscription.options?.applicationServerKey, applicationServerKey(publicKey));
}

/** The subscribe body: the endpoint and keys of PushSubscription.toJSON(), flat as every form the app sends. */
export function subscribeBody(subscription: PushSubscription): PushSubscribeBody {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    p256dh: json.keys?.p256dh ?? '',
    auth: json.keys?.auth ?? '',
  };
}

// ---- Which listed device is this one ----
// The server's device list carries no endpoint, so this browser remembers the id its subscription got: the id
// that appeared in the answer to its subscribe.

const DEVICE_KEY = 'push-device';

type Remembered = { endpoint: string; id: number };

function remembered(): Remembered | null {
  try {
    const value = JSON.parse(localStorage.getItem(DEVICE_KEY) ?? 'null') as Partial<Remembered> | null;
    return value && typeof value.endpoint === 'string' && typeof value.id === 'number'
      ? { endpoint: value.endpoint, id: value.id }
      : null;
  } catch {
    return null;
  }
}

/** After a subscribe: the one device that is new in `after` is this browser's (a repeat keeps the id it had). */
export function rememberDevice(endpoint: string, before: PushSettings | undefined, after: PushSettings): void {
  const known = new Set((before?.devices ?? []).map((d) => d.id));
  const added = after.devices.filter((d) => !known.has(d.id));
  const id = added.length === 1 ? added[0]!.id : before ? null : (after.devices[0]?.id ?? null);
  try {
    if (id !== null) localStorage.setItem(DEVICE_KEY, JSON.stringify({ endpoint, id } satisfies Remembered));
  } catch {
    // Storage refused: the list just marks no device as this one.
  }
}

export function forgetDevice(): void {
  try {
    localStorage.removeItem(DEVICE_KEY);
  } catch {
    // Nothing stored.
  }
}

/** The listed device that is this browser, when it is subscribed and its id is known. */
export function thisDeviceId(subscription: PushSubscription | null | undefined): number | null {
  const mine = remembered();
  return subscription && mine && mine.endpoint === subscription.endpoint ? mine.id : null;
}

// ---- Logging out ----

/** The most a logout waits for this device to stop getting pushes. */
export const LOGOUT_UNSUBSCRIBE_MS = 1500;

/**
 * Best effort before a logout: this device stops getting the user's pushes (the next person on it gets nothing).
 * Tells the server (`tellServer`, while the session still exists) and drops the browser's subscription, at most
 * `ms` long; never throws.
 */
export async function unsubscribeOnLogout(
  tellServer: (endpoint: string) => Promise<unknown>,
  ms = LOGOUT_UNSUBSCRIBE_MS,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const work = (async () => {
    const subscription = await currentSubscription();
    if (!subscription) return;
    forgetDevice();
    await Promise.allSettled([tellServer(subscription.endpoint), subscription.unsubscribe()]);
  })().catch(() => undefined);
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
