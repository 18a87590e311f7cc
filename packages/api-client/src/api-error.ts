import type { RefusalData } from '@app/contracts';

/**
 * Every failed request becomes one of these. `key` is a catalogue key (errors namespace) so the client can
 * translate it when the server could not (network failure, timeout); `msg` is the server's own translation.
 */
export type ApiError = {
  /** The body's code, or 0 when no body arrived. */
  code: number;
  key: string;
  msg: string;
  field?: string;
  params?: Record<string, string | number>;
  /** What went wrong below the envelope: a refusal, no answer, a timeout or an unreadable body. */
  kind: 'refused' | 'unauthorized' | 'network' | 'timeout' | 'invalid-response';
};

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'kind' in value && 'key' in value && 'code' in value;
}

export function refusalDetails(data: unknown): Pick<ApiError, 'field' | 'params'> {
  if (typeof data !== 'object' || data === null) return {};
  const { field, params } = data as NonNullable<RefusalData>;
  return {
    ...(typeof field === 'string' ? { field } : {}),
    ...(params && typeof params === 'object' ? { params } : {}),
  };
}
