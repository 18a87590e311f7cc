import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_KINDS, type PushSettings } from '@app/contracts';
import { initI18n } from '@app/i18n/client';
import { userInfoFixture } from '@app/contracts/fixtures';
import { renderAccountAt } from './render-account.tsx';

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en' });
});

/** A P-256 public key's 65 bytes (0x04, then x and y), as the server sends it: base64url without padding. */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const PUBLIC_KEY = Buffer.from(KEY_BYTES).toString('base64url');
const P256DH = Buffer.from(Uint8Array.from({ length: 65 }, (_, i) => 200 - i)).toString('base64url');
const AUTH = Buffer.from(Uint8Array.from({ length: 16 }, (_, i) => i + 1)).toString('base64url');
const ENDPOINT = 'https://push.example.net/send/abc123';

const laptop = { id: 7, label: 'Chrome on Windows', created_at: 1_767_000_000, last_sent_at: 1_767_100_000 };

function settings(over: Partial<PushSettings> = {}): PushSettings {
  return {
    public_key: PUBLIC_KEY,
    kinds: Object.fromEntries(PUSH_KINDS.map((k) => [k, true])) as PushSettings['kinds'],
    devices: [laptop],
    ...over,
  };
}

type Sent = { url: string; method: string; body: Record<string, string> };

/** The server: GET answers `state`; each POST is recorded and answered by `answer` (which may change `state`). */
function fakeServer(initial: PushSettings, answer: (sent: Sent, state: PushSettings) => PushSettings) {
  let state = initial;
  const posts: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET') return envelope(state);
      const body = Object.fromEntries(new URLSearchParams(String(init?.body ?? '')));
      const sent = { url, method, body };
      posts.push(sent);
      state = answer(sent, state);
      return envelope(state);
    }),
  );
  return posts;
}

const envelope = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', key: 'ok', data }));

type FakeSubscription = {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer };
  toJSON: () => PushSubscriptionJSON;
  unsubscribe: ReturnType<typeof vi.fn>;
};

function subscription(endpoint = ENDPOINT): FakeSubscription {
  return {
    endpoint,
    options: { applicationServerKey: KEY_BYTES.slice().buffer },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } }),
    unsubscribe: vi.fn(async () => true),
  };
}

/** A browser with a service worker, PushManager and Notification; `subscribe` may fail like a browser with no push service. */
function pushBrowser({ failSubscribe = false, existing = null as FakeSubscription | null } = {}) {
  let current = existing;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      if (failSubscribe) throw new DOMException('Registration failed - push service not available', 'AbortError');
      current = subscription();
      return current;
    }),
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: vi.fn(async () => registration) },
  });
  vi.stubGlobal('PushManager', class {});
  const notification = {
    permission: (existing ? 'granted' : 'default') as NotificationPermission,
    requestPermission: vi.fn(async () => {
      notification.permission = 'granted';
      return 'granted' as const;
    }),
  };
  vi.stubGlobal('Notification', notification);
  return { pushManager, notification };
}

function userAgent(value: string) {
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => value });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 't');
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  delete (navigator as { userAgent?: unknown }).userAgent;
});

describe('the notifications page', () => {
  it('on an iPhone not opened from the home screen, shows how to add the app first and no way to subscribe', async () => {
    userAgent(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    );
    fakeServer(settings(), (_sent, state) => state);
    renderAccountAt('/pages/user/notifications', i18n);
    const section = await screen.findByTestId('push-device');
    expect(within(section).getByRole('heading', { name: 'Push notifications on this device' })).toBeTruthy();
    const steps = within(screen.getByTestId('ios-steps')).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'In Safari, tap Share (the square with an arrow).',
      'Tap “Add to Home Screen”, then “Add”.',
      'Open the app from its icon on your home screen.',
      'Log in if asked, come back to this page and turn notifications on.',
    ]);
    expect(within(section).queryByRole('button')).toBeNull();
    // The kinds still apply to the user's other devices.
    expect(screen.getAllByRole('switch')).toHaveLength(PUSH_KINDS.length);
  });

  it('explains a browser without web push', async () => {
    fakeServer(settings(), (_sent, state) => state);
    renderAccountAt('/pages/user/notifications', i18n);
    expect(await screen.findByText(/This browser cannot get notifications from the app/)).toBeTruthy();
    expect(within(screen.getByTestId('push-device')).queryByRole('button')).toBeNull();
  });

  it("turns on: asks permission, subscribes with the server's key and posts the subscription's endpoint and keys", async () => {
    const { pushManager, notification } = pushBrowser();
    const phone = { id: 8, label: 'Chrome on Android', created_at: 1_767_200_000, last_sent_at: null };
    const posts = fakeServer(settings(), (sent, state) =>
      sent.url === '/api/user/push/subscribe' ? { ...state, devices: [phone, ...state.devices] } : state,
    );
    renderAccountAt('/pages/user/notifications', i18n);
    expect(await screen.findByText('Off: this device gets no notifications.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on' })));

    expect(await screen.findByText('On: this device gets notifications.')).toBeTruthy();
    expect(notification.requestPermission).toHaveBeenCalled();
    const options = pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(Array.from(KEY_BYTES));
    expect(posts).toEqual([
      {
        url: '/api/user/push/subscribe',
        method: 'POST',
        body: { endpoint: ENDPOINT, p256dh: P256DH, auth: AUTH },
      },
    ]);
    // The list comes from the answer; the new device is this one, with no notification yet.
    const rows = within(screen.getByTestId('push-devices')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('This device')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('No notification yet');
    expect(within(rows[1]!).queryByText('This device')).toBeNull();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeTruthy();
  });

  it('says so when the browser cannot subscribe, and stays off without telling the server', async () => {
    const { pushManager } = pushBrowser({ failSubscribe: true });
    const posts = fakeServer(settings(), (_sent, state) => state);
    renderAccountAt('/pages/user/notifications', i18n);
    const turnOn = await screen.findByRole('button', { name: 'Turn on' });
    await act(async () => fireEvent.click(turnOn));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Notifications could not be turned on: this browser could not reach its push service. Check your connection and try again.',
    );
    expect(pushManager.subscribe).toHaveBeenCalled();
    expect(screen.getByText('Off: this device gets no notifications.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('turns off: drops the browser subscription and posts its endpoint', async () => {
    const existing = subscription();
    pushBrowser({ existing });
    const posts = fakeServer(settings(), (sent, state) =>
      sent.url === '/api/user/push/unsubscribe' ? { ...state, devices: [] } : state,
    );
    renderAccountAt('/pages/user/notifications', i18n);
    // On load the browser's subscription is sent again, quietly.
    await waitFor(() => expect(posts.map((p) => p.url)).toEqual(['/api/user/push/subscribe']));
    expect(posts[0]!.body).toEqual({ endpoint: ENDPOINT, p256dh: P256DH, auth: AUTH });
    const turnOff = await screen.findByRole('button', { name: 'Turn off' });
    await act(async () => fireEvent.click(turnOff));
    expect(await screen.findByText('Off: this device gets no notifications.')).toBeTruthy();
    expect(existing.unsubscribe).toHaveBeenCalled();
    expect(posts[1]).toEqual({ url: '/api/user/push/unsubscribe', method: 'POST', body: { endpoint: ENDPOINT } });
    expect(await screen.findByText('No device gets notifications yet')).toBeTruthy();
  });

  it('switches a kind off for every device and shows the answer', async () => {
    const posts = fakeServer(settings(), (sent, state) =>
      sent.url === '/api/user/push/kinds'
        ? { ...state, kinds: { ...state.kinds, [sent.body.kind!]: sent.body.on === '1' } }
        : state,
    );
    renderAccountAt('/pages/user/notifications', i18n);
    const alerts = await screen.findByRole('switch', { name: 'Price alerts' });
    expect(alerts.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('On any open page, results and alerts also show as a message at the top.')).toBeTruthy();
    await act(async () => fireEvent.click(alerts));
    expect(posts).toEqual([{ url: '/api/user/push/kinds', method: 'POST', body: { kind: 'price_alert', on: '0' } }]);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Price alerts' }).getAttribute('aria-checked')).toBe('false'),
    );
    expect(screen.getByRole('switch', { name: 'Order results' }).getAttribute('aria-checked')).toBe('true');
  });

  it('puts a kind back when the server refuses the change', async () => {
    fakeServer(settings(), (_sent, state) => state);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? new Response(JSON.stringify({ code: 500, msg: 'Something went wrong', key: 'system_error', data: null }))
          : envelope(settings()),
      ),
    );
    renderAccountAt('/pages/user/notifications', i18n);
    const deposits = await screen.findByRole('switch', { name: 'Recharges' });
    await act(async () => fireEvent.click(deposits));
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Recharges' }).getAttribute('aria-checked')).toBe('true');
  });

  it('removes another device from the list', async () => {
    const posts = fakeServer(settings(), (sent, state) =>
      sent.url === '/api/user/push/remove'
        ? { ...state, devices: state.devices.filter((d) => String(d.id) !== sent.body.id) }
        : state,
    );
    renderAccountAt('/pages/user/notifications', i18n);
    const row = within(await screen.findByTestId('push-devices')).getByRole('listitem');
    expect(row.textContent).toContain('Chrome on Windows');
    expect(row.textContent).toContain('Last notification');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove: Chrome on Windows' })));
    expect(posts).toEqual([{ url: '/api/user/push/remove', method: 'POST', body: { id: '7' } }]);
    expect(await screen.findByText('No device gets notifications yet')).toBeTruthy();
    expect(await screen.findByText('Device removed')).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        fail
          ? new Response(JSON.stringify({ code: 500, msg: 'Something went wrong', key: 'system_error', data: null }))
          : envelope(settings()),
      ),
    );
    renderAccountAt('/pages/user/notifications', i18n);
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('switch', { name: 'Order results' })).toBeTruthy();
  });
});

describe('logging out', () => {
  it("first stops this device's notifications: posts its endpoint and drops the browser subscription", async () => {
    const existing = subscription();
    pushBrowser({ existing });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url} ${init?.method === 'POST' ? String(init.body ?? '') : ''}`.trim());
        if (url === '/api/user/info') return envelope(userInfoFixture());
        if (url === '/api/user/push/unsubscribe') return envelope(settings({ devices: [] }));
        if (url === '/api/login/logout') return envelope(null);
        return new Response(JSON.stringify({ code: 500, msg: 'Not here', key: 'system_error', data: null }));
      }),
    );
    renderAccountAt('/pages/user/user', i18n);
    const menuItem = await screen.findByRole('button', { name: 'Log out' });
    await act(async () => fireEvent.click(menuItem));
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' })));
    await waitFor(() => expect(calls.some((c) => c.startsWith('POST /api/login/logout'))).toBe(true));
    const posts = calls.filter((c) => c.startsWith('POST'));
    expect(posts).toEqual([
      `POST /api/user/push/unsubscribe endpoint=${encodeURIComponent(ENDPOINT)}`,
      'POST /api/login/logout',
    ]);
    expect(existing.unsubscribe).toHaveBeenCalled();
  });
});
