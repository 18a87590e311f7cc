/** The risk notice is shown once; accepting it is remembered on this device. */
const KEY = 'trade.risk-notice.accepted';

export function hasAcceptedRisk(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function acceptRisk(): void {
  try {
    globalThis.localStorage?.setItem(KEY, '1');
  } catch {
    // Not remembered: the notice shows again next time, which is the safe side.
  }
}
