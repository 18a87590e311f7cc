import { useEffect } from 'react';

/**
 * Retries a failed load by itself when the device comes back online (the `online` event): a "Network error" left
 * on screen after the network is back, until someone pressed Try again, looked like the app was broken.
 */
export function useRetryWhenOnline(onRetry: () => void) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
}
