import type { TFunction } from 'i18next';
import { isConsoleError } from '../lib/api.ts';

/** What to show for a failed request: the server's own message, or the console's words when none came. */
export function errorText(error: unknown, t: TFunction): string {
  if (isConsoleError(error)) {
    if (error.msg) return error.msg;
    if (error.kind === 'network') return t('errors.network');
  }
  return t('errors.unknown');
}
