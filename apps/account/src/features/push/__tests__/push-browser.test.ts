import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushSettings } from '@app/contracts';
import {
  applicationServerKey,
  pushSupport,
  rememberDevice,
  thisDeviceId,
  unsubscribeOnLogout,
} from '../lib/push-browser.ts';

const win = (userAgent: string, { platform = 'iPhone', maxTouchPoints = 5, standalone = false, push = true } = {}) =>
  ({
    navigator: { userAgent, platform, maxTouchPoints, standalone, ...(push ? { serviceWorker: {} } : {}) },
    matchMedia: () => ({ matches: false }),
    ...(push ? { PushManager: class {}, Notification: class {} } : {}),
  }) as unknown as Window;

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15';

describe('push support', () => {
  it('asks an iPhone or iPad (also one that says it is a Mac) to add the app to the home screen first', () => {
    expect(pushSupport(win(IPHONE))).toBe('ios-install');
    expect(pushSupport(win(IPHONE, { push: false }))).toBe('ios-install');
    expect(pushSupport(win(IPAD_AS_MAC, { platform: 'MacIntel' }))).toBe('ios-install');
    expect(pushSupport(win(IPHONE, { standalone: true }))).toBe('supported');
    expect(pushSupport(win(IPAD_AS_MAC, { platform: 'MacIntel', maxTouchPoints: 0 }))).toBe('supported');
  });

  it('tells a browser without a service worker, PushManager or Notification', () => {
    expect(pushSupport(win('Mozilla/5.0 (X11; Linux x86_64)', { platform: 'Linux', push: false }))).toBe('unsupported');
  });
});

describe('the server key', () => {
  it('decodes base64url with or without padding into bytes', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
    const text = Buffer.from(bytes).toString('base64url');
    expect(Array.from(applicationServerKey(text))).toEqual(Array.from(bytes));
    expect(Array.from(applicationServerKey(`${text}=`))).toEqual(Array.from(bytes));
  });
});

const device = (id: number) => ({ id, label: 'Chrome on Android', created_at: 1, last_sent_at: null });
const withDevices = (ids: number[]): PushSettings =>
  ({ public_key: 'k', kinds: {}, devices: ids.map(device) }) as unknown as PushSettings;

describe('which listed device is this one', () => {
  beforeEach(() => localStorage.clear());

  it('is the device a subscribe added, and stays so when the same endpoint is sent again', () => {
    const sub = { endpoint: 'https://push.example/a' } as PushSubscription;
    rememberDevice(sub.endpoint, withDevices([3]), withDevices([9, 3]));
    expect(thisDeviceId(sub)).toBe(9);
    rememberDevice(sub.endpoint, withDevices([9, 3]), withDevices([9, 3]));
    expect(thisDeviceId(sub)).toBe(9);
    expect(thisDeviceId({ endpoint: 'https://push.example/other' } as PushSubscription)).toBeNull();
    expect(thisDeviceId(null)).toBeNull();
  });
});

describe('unsubscribing on logout', () => {
  afterEach(() => {
    vi.useRealTimers();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  const browserWith = (subscription: { endpoint: string; unsubscribe: () => Promise<boolean> } | null) =>
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }) },
    });

  it("tells the server this device's endpoint and drops the browser's subscription", async () => {
    const unsubscribe = vi.fn(async () => true);
    browserWith({ endpoint: 'https://push.example/a', unsubscribe });
    const tell = vi.fn(async () => null);
    await unsubscribeOnLogout(tell);
    expect(tell).toHaveBeenCalledWith('https://push.example/a');
    expect(unsubscribe).toHaveBeenCalled();
  });

  it('does nothing without a subscription or a service worker, and never throws', async () => {
    const tell = vi.fn(async () => null);
    await unsubscribeOnLogout(tell);
    browserWith(null);
    await unsubscribeOnLogout(tell);
    expect(tell).not.toHaveBeenCalled();
    browserWith({ endpoint: 'https://push.example/a', unsubscribe: () => Promise.reject(new Error('gone')) });
    await expect(unsubscribeOnLogout(() => Promise.reject(new Error('offline')))).resolves.toBeUndefined();
  });

  it('stops waiting after 1.5 s: a slow server does not hold the logout', async () => {
    vi.useFakeTimers();
    browserWith({ endpoint: 'https://push.example/a', unsubscribe: async () => true });
    let done = false;
    void unsubscribeOnLogout(() => new Promise(() => undefined)).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1400);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toBe(true);
  });
});
