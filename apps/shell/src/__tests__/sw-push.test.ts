import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const ORIGIN = 'https://h5.example.com';
const read = (file: string) => readFileSync(path.resolve(__dirname, '../sw', file), 'utf8');
/** The worker as the build makes it (tools/web/src/pwa-assets-plugin.mjs): sw-routes.js's globals, then sw.js. */
const WORKER = `${read('sw-routes.js').replace(/^export /gm, '')}\n${read('sw.js')}`;

type Listener = (event: unknown) => void;
type FakeWindow = {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate?: ReturnType<typeof vi.fn>;
};

/** sw.js run in a context of its own with a fake `self`: its listeners, what it shows and which windows it opens. */
function startWorker({ windows = [] as FakeWindow[], language = 'en-GB' } = {}) {
  const listeners: Record<string, Listener> = {};
  const showNotification = vi.fn(async (_title: string, _options: Record<string, unknown>) => undefined);
  const openWindow = vi.fn(async (_url: string) => null);
  const self = {
    location: { origin: ORIGIN },
    navigator: { language },
    registration: { showNotification },
    clients: { matchAll: vi.fn(async () => windows), openWindow },
    addEventListener: (type: string, listener: Listener) => (listeners[type] = listener),
    skipWaiting: () => undefined,
  };
  vm.runInNewContext(WORKER, { self, URL, caches: {}, fetch: () => Promise.reject(new Error('offline')) });
  /** Dispatches an event and waits for what it handed to waitUntil. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners[type]!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  const push = (data: unknown) =>
    dispatch('push', {
      data:
        data === undefined
          ? null
          : {
              json: () => (typeof data === 'string' ? JSON.parse(data) : data),
            },
    });
  const click = async (data: unknown) => {
    const close = vi.fn();
    await dispatch('notificationclick', { notification: { data, close } });
    return close;
  };
  return { push, click, showNotification, openWindow };
}

const payload = {
  kind: 'deposit',
  title: 'Recharge approved',
  body: '100.00 U is in your balance',
  link: '#/pages/user/rechargerecord',
  tag: 'deposit-42',
};

describe("the service worker's web push", () => {
  it("shows a push's title, body and tag with the app's icon, keeping its link", async () => {
    const worker = startWorker();
    await worker.push(payload);
    expect(worker.showNotification).toHaveBeenCalledWith('Recharge approved', {
      body: '100.00 U is in your balance',
      tag: 'deposit-42',
      icon: '/h5/icon-192.png',
      badge: '/h5/icon-192.png',
      data: { link: '#/pages/user/rechargerecord' },
    });
  });

  it('still shows something for a push it cannot read, in the device language', async () => {
    const worker = startWorker({ language: 'de-DE' });
    await worker.push('not json{');
    await worker.push(undefined);
    await worker.push({ kind: 'deposit' });
    expect(worker.showNotification).toHaveBeenCalledTimes(3);
    for (const [title, options] of worker.showNotification.mock.calls) {
      expect(title).toBe('Neue Benachrichtigung');
      expect(options).toMatchObject({ body: '', data: { link: null } });
      expect(options).not.toHaveProperty('tag');
    }
    const english = startWorker({ language: 'en-US' });
    await english.push(undefined);
    expect(english.showNotification.mock.calls[0]![0]).toBe('New notification');
  });

  it("on a tap, focuses the app's open window and takes it to the push's page", async () => {
    const other = { url: 'https://elsewhere.example/', focus: vi.fn(), navigate: vi.fn() };
    const app: FakeWindow = { url: `${ORIGIN}/h5/#/pages/index/index`, focus: vi.fn(), navigate: vi.fn() };
    app.focus.mockResolvedValue(app);
    app.navigate!.mockResolvedValue(app);
    const worker = startWorker({ windows: [other, app] });
    const close = await worker.click({ link: '#/pages/user/rechargerecord' });
    expect(close).toHaveBeenCalled();
    expect(app.focus).toHaveBeenCalled();
    expect(app.navigate).toHaveBeenCalledWith('/h5/#/pages/user/rechargerecord');
    expect(other.focus).not.toHaveBeenCalled();
    expect(worker.openWindow).not.toHaveBeenCalled();
  });

  it('opens the page in a new window when none is open, or when the open one cannot be navigated', async () => {
    const none = startWorker();
    await none.click({ link: '#/pages/user/withdrawrecord' });
    expect(none.openWindow).toHaveBeenCalledWith('/h5/#/pages/user/withdrawrecord');

    const uncontrolled: FakeWindow = { url: `${ORIGIN}/h5/`, focus: vi.fn(), navigate: vi.fn() };
    uncontrolled.focus.mockResolvedValue(uncontrolled);
    uncontrolled.navigate!.mockRejectedValue(new TypeError('not controlled'));
    const worker = startWorker({ windows: [uncontrolled] });
    await worker.click({ link: '#/pages/user/withdrawrecord' });
    expect(worker.openWindow).toHaveBeenCalledWith('/h5/#/pages/user/withdrawrecord');
  });

  it("only opens the app's own pages, and keeps a fired price alert's tap as it was (focus, no navigation)", async () => {
    const stranger = startWorker();
    await stranger.click({ link: 'https://phishing.example/' });
    expect(stranger.openWindow).toHaveBeenCalledWith('/h5/');

    const app: FakeWindow = { url: `${ORIGIN}/h5/`, focus: vi.fn(), navigate: vi.fn() };
    app.focus.mockResolvedValue(app);
    const alert = startWorker({ windows: [app] });
    await alert.click({ url: '/h5/' });
    expect(app.focus).toHaveBeenCalled();
    expect(app.navigate).not.toHaveBeenCalled();
    expect(alert.openWindow).not.toHaveBeenCalled();
  });
});
