import type { TFunction } from 'i18next';
import { isApiError } from '@app/api-client';

/** The words for a failed request: the server's translated msg, or the catalogue text for its key. */
export function apiErrorText(error: unknown, t: TFunction): string {
  if (isApiError(error)) return error.msg || t(error.key, { ns: 'errors', ...(error.params ?? {}) });
  return t('network_error', { ns: 'errors' });
}

/** The field a refusal is about, if the server named one. */
export const errorField = (error: unknown): string | undefined => (isApiError(error) ? error.field : undefined);
