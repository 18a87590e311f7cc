import type { CashInfo, PaymentMethod } from '@app/contracts';
import { isApiError } from '@app/api-client';

/**
 * What stops a withdrawal right now, and until when (seconds): the closed window, a hold after a password change
 * or one on a new destination. The page's banner, its disabled Continue and a server refusal all say it through
 * `blockText`, so they name the same moment in the same words and format.
 */
export type WithdrawBlock = { kind: 'closed' | 'hold' | 'allowlist'; until: number };

export function withdrawBlock(info: CashInfo, method: PaymentMethod | null, now: number): WithdrawBlock | null {
  const holds = [info.hold_until, method?.hold_until ?? null].filter((at): at is number => at !== null && at > now);
  if (holds.length) {
    const until = Math.max(...holds);
    // The user's own allow-list is named when it is what holds the method past the platform's hold.
    const byAllowlist =
      (info.allowlist?.state ?? 'off') !== 'off' &&
      method !== null &&
      until === method.hold_until &&
      method.created_at + info.hold_hours * 3600 < until;
    return { kind: byAllowlist ? 'allowlist' : 'hold', until };
  }
  if (!info.window.open && info.window.opens_at !== null && info.window.opens_at > now)
    return { kind: 'closed', until: info.window.opens_at };
  return null;
}

/** The block a server refusal names (it carries the moment as seconds), or null for any other refusal. */
export function blockOfRefusal(error: unknown): WithdrawBlock | null {
  if (!isApiError(error)) return null;
  const at = (name: string) => {
    const value = Number(error.params?.[name]);
    return Number.isFinite(value) && value > 0 ? value : null;
  };
  const until = at('until_ts');
  if (error.key === 'withdraw_on_hold' && until !== null) return { kind: 'hold', until };
  if (error.key === 'withdraw_allowlist_hold' && until !== null) return { kind: 'allowlist', until };
  const opens = at('opens_at');
  if (error.key === 'withdraw_time_limit' && opens !== null) return { kind: 'closed', until: opens };
  return null;
}
