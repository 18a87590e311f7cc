import { useCallback } from 'react';
import { useUnsubscribePushMutation } from '../api/push-api.ts';
import { unsubscribeOnLogout } from '../lib/push-browser.ts';

/**
 * What a logout runs first: this device stops getting the user's notifications, best effort and at most 1.5 s, so
 * the next person on the device gets nothing. Never throws.
 */
export function useUnsubscribeOnLogout(): () => Promise<void> {
  const [unsubscribe] = useUnsubscribePushMutation();
  return useCallback(() => unsubscribeOnLogout((endpoint) => unsubscribe({ endpoint }).unwrap()), [unsubscribe]);
}
