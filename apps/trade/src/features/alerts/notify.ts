/**
 * A fired alert as a Web Notification: through the service worker's registration when there is one (it
 * works with the page in the background), else the Notification API. Nothing without permission.
 */
export async function notifyFired(title: string, body: string, tag: string): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (registration) {
      await registration.showNotification(title, { body, tag });
      return;
    }
  } catch {
    // Fall back to a page notification below.
  }
  new Notification(title, { body, tag });
}

/** Asked when the user sets an alert (a gesture); a refusal only means no system notification. */
export function askNotificationPermission(): void {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default')
    void Notification.requestPermission();
}
