import type { TFunction } from 'i18next';
import { isApiError } from '@app/api-client';

/**
 * The words for a failed request: the server's own translated msg when it sent one, otherwise the
 * catalogue text for its key (a network failure or timeout has no server words).
 */
export function apiErrorText(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    if (error.msg) return error.msg;
    return t(error.key, { ns: 'errors', ...(error.params ?? {}) });
  }
  return t('network_error', { ns: 'errors' });
}
