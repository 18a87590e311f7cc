import { describe, expect, it, vi } from 'vitest';
import { notifyFired } from '../lib/notify.ts';

function fakeNotification(permission: NotificationPermission) {
  const shown: Array<{ title: string; options?: NotificationOptions }> = [];
  const Fake = vi.fn(function (this: unknown, title: string, options?: NotificationOptions) {
    shown.push({ title, options });
  }) as unknown as typeof Notification;
  Object.defineProperty(Fake, 'permission', { value: permission });
  return { Fake, shown };
}

function workerWith(registration: Partial<ServiceWorkerRegistration> | undefined) {
  return { getRegistration: vi.fn(async () => registration) } as unknown as ServiceWorkerContainer;
}

describe('a fired alert as a notification', () => {
  it('goes through the active service worker when there is one', async () => {
    const { Fake, shown } = fakeNotification('granted');
    const showNotification = vi.fn(async () => {});
    const serviceWorker = workerWith({ active: {} as ServiceWorker, showNotification });
    expect(await notifyFired('BTC/USDT', 'above 100', 'alert-1', { Notification: Fake, serviceWorker })).toBe('worker');
    expect(showNotification).toHaveBeenCalledWith('BTC/USDT', {
      body: 'above 100',
      tag: 'alert-1',
      data: { url: '/h5/' },
    });
    expect(shown).toEqual([]);
  });

  it('falls back to the page notification without an active worker, or when the worker refuses', async () => {
    const { Fake, shown } = fakeNotification('granted');
    const installing = workerWith({ active: null, showNotification: vi.fn() });
    expect(await notifyFired('A', 'b', 't', { Notification: Fake, serviceWorker: installing })).toBe('page');
    const refusing = workerWith({
      active: {} as ServiceWorker,
      showNotification: vi.fn(async () => {
        throw new TypeError('no');
      }),
    });
    expect(await notifyFired('C', 'd', 't', { Notification: Fake, serviceWorker: refusing })).toBe('page');
    expect(await notifyFired('E', 'f', 't', { Notification: Fake, serviceWorker: undefined })).toBe('page');
    expect(shown.map((s) => s.title)).toEqual(['A', 'C', 'E']);
  });

  it('shows nothing without permission', async () => {
    const { Fake, shown } = fakeNotification('default');
    const showNotification = vi.fn();
    const serviceWorker = workerWith({ active: {} as ServiceWorker, showNotification });
    expect(await notifyFired('A', 'b', 't', { Notification: Fake, serviceWorker })).toBe('none');
    expect(showNotification).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });
});
