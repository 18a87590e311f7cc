/** What a tap on the notification opens: the app (the worker focuses an open window first). */
const APP_URL = '/h5/';

/**
 * A fired alert as a system notification. Through the app's service worker (/h5/sw.js) when one is active:
 * notifications then go through the worker as the product asks, work with the page in the background, and a
 * tap opens the app (the worker's notificationclick). Else, or if the worker refuses, the page's Notification
 * API. Nothing without permission.
 */
export async function notifyFired(
  title: string,
  body: string,
  tag: string,
  env: { Notification?: typeof Notification; serviceWorker?: ServiceWorkerContainer } = {
    Notification: typeof Notification === 'undefined' ? undefined : Notification,
    serviceWorker: typeof navigator === 'undefined' ? undefined : navigator.serviceWorker,
  },
): Promise<'worker' | 'page' | 'none'> {
  const Notify = env.Notification;
  if (!Notify || Notify.permission !== 'granted') return 'none';
  try {
    const registration = await env.serviceWorker?.getRegistration();
    if (registration?.active) {
      await registration.showNotification(title, { body, tag, data: { url: APP_URL } });
      return 'worker';
    }
  } catch {
    // Fall back to a page notification below.
  }
  new Notify(title, { body, tag });
  return 'page';
}

/** Asked when the user sets an alert (a gesture); a refusal only means no system notification. */
export function askNotificationPermission(): void {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default')
    void Notification.requestPermission();
}
