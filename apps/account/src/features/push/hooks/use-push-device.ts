import { useCallback, useEffect, useRef, useState } from 'react';
import type { PushSettings } from '@app/contracts';
import { useSubscribePushMutation, useUnsubscribePushMutation } from '../api/push-api.ts';
import {
  currentSubscription,
  forgetDevice,
  madeWithKey,
  pushSupport,
  rememberDevice,
  subscribeBrowser,
  subscribeBody,
  thisDeviceId,
  type PushSupport,
} from '../lib/push-browser.ts';

/** What the "this device" section shows. */
export type DeviceState = 'unsupported' | 'ios-install' | 'denied' | 'checking' | 'off' | 'on';

/** Why turning on did not work: the browser could not subscribe, or the server refused the subscription. */
export type TurnOnProblem = { kind: 'subscribe' } | { kind: 'server'; error: unknown } | { kind: 'not-allowed' };

export type PushDevice = {
  state: DeviceState;
  busy: boolean;
  problem: TurnOnProblem | null;
  /** The id of this browser in the settings' device list, when known. */
  thisId: number | null;
  turnOn: () => Promise<void>;
  /** Throws the server's refusal after the browser has stopped (the caller tells the user). */
  turnOff: () => Promise<void>;
};

const permissionNow = (): NotificationPermission =>
  typeof Notification === 'undefined' ? 'default' : Notification.permission;

/**
 * This browser's push subscription against the user's settings: turns it on (permission, subscribe, tell the
 * server) and off, and on load quietly sends an existing subscription again (an upsert: the server may have lost
 * it or its keys, or dropped it after a failed delivery), re-made first if the server's key has changed.
 */
export function usePushDevice(settings: PushSettings | undefined): PushDevice {
  const [support] = useState<PushSupport>(() => pushSupport());
  const [permission, setPermission] = useState<NotificationPermission>(permissionNow);
  /** undefined while the browser is asked. */
  const [subscription, setSubscription] = useState<PushSubscription | null | undefined>(
    support === 'supported' ? undefined : null,
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<TurnOnProblem | null>(null);
  const [subscribe] = useSubscribePushMutation();
  const [unsubscribe] = useUnsubscribePushMutation();
  const synced = useRef(false);

  useEffect(() => {
    if (support !== 'supported') return;
    let live = true;
    void currentSubscription().then((found) => {
      if (live) setSubscription(found);
    });
    return () => {
      live = false;
    };
  }, [support]);

  // Once per visit: the browser's subscription sent again, so the server surely has it (and its keys).
  useEffect(() => {
    if (synced.current || !settings || !subscription || permissionNow() !== 'granted') return;
    synced.current = true;
    void (async () => {
      try {
        const current = madeWithKey(subscription, settings.public_key)
          ? subscription
          : await subscribeBrowser(settings.public_key);
        const after = await subscribe(subscribeBody(current)).unwrap();
        rememberDevice(current.endpoint, settings, after);
        setSubscription(current);
      } catch {
        // Quietly: the page shows the state it found; turning off and on again repairs it.
      }
    })();
  }, [settings, subscription, subscribe]);

  const turnOn = useCallback(async () => {
    if (!settings) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer !== 'granted') {
        if (answer === 'default') setProblem({ kind: 'not-allowed' });
        return;
      }
      let made: PushSubscription;
      try {
        made = await subscribeBrowser(settings.public_key);
      } catch {
        setProblem({ kind: 'subscribe' });
        return;
      }
      try {
        const after = await subscribe(subscribeBody(made)).unwrap();
        rememberDevice(made.endpoint, settings, after);
        synced.current = true;
        setSubscription(made);
      } catch (error) {
        // The server did not take it: the browser keeps no subscription nobody sends to.
        await made.unsubscribe().catch(() => false);
        setProblem({ kind: 'server', error });
      }
    } finally {
      setBusy(false);
    }
  }, [settings, subscribe]);

  const turnOff = useCallback(async () => {
    if (!subscription) return;
    setBusy(true);
    setProblem(null);
    const endpoint = subscription.endpoint;
    try {
      forgetDevice();
      const [, told] = await Promise.allSettled([subscription.unsubscribe(), unsubscribe({ endpoint }).unwrap()]);
      setSubscription(null);
      if (told.status === 'rejected') throw told.reason;
    } finally {
      setBusy(false);
    }
  }, [subscription, unsubscribe]);

  const state: DeviceState =
    support !== 'supported'
      ? support
      : permission === 'denied'
        ? 'denied'
        : subscription === undefined
          ? 'checking'
          : subscription && permission === 'granted'
            ? 'on'
            : 'off';
  return {
    state,
    busy,
    problem,
    thisId: state === 'on' ? thisDeviceId(subscription) : null,
    turnOn,
    turnOff,
  };
}
