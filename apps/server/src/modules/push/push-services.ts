/**
 * The push services the server posts to. A subscription's endpoint comes from the browser, so it is a URL a client
 * chose: posting to any URL would let anyone aim the server at an internal address. Only these are accepted, at
 * subscription and again at each send. An entry is a host (https only; the host itself or any subdomain), or an
 * exact origin (`http://127.0.0.1:8123`, for a push service on a private network or a test's).
 */
export const DEFAULT_PUSH_SERVICES = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Samsung Internet, Opera
  'push.services.mozilla.com', // Firefox
  'web.push.apple.com', // Safari on iOS 16.4+ and macOS
  'notify.windows.com', // Edge on Windows
];

export type PushServiceRule = (endpoint: string) => boolean;

export function pushServiceRule(entries: readonly string[]): PushServiceRule {
  const origins = new Set(entries.filter((e) => e.includes('://')).map((e) => new URL(e).origin));
  const hosts = entries.filter((e) => !e.includes('://')).map((e) => e.toLowerCase());
  return (endpoint) => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (url.username || url.password) return false;
    if (origins.has(url.origin)) return true;
    if (url.protocol !== 'https:' || url.port !== '') return false;
    const host = url.hostname.toLowerCase();
    return hosts.some((h) => host === h || host.endsWith(`.${h}`));
  };
}
