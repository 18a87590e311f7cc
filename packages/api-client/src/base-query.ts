import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { Envelope } from '@app/contracts';
import { apiClientConfig } from './config.ts';
import { refusalDetails, type ApiError } from './api-error.ts';
import { sessionEnded, type SessionState } from './session-slice.ts';

type Scalar = string | number | boolean;

export type RequestArgs =
  | string
  | {
      url: string;
      /** GET unless stated: the spec's default. */
      method?: 'GET' | 'POST';
      params?: Record<string, Scalar | undefined | null>;
      body?: Record<string, Scalar | undefined | null>;
      /** Extra headers of one endpoint (a logged-out support ticket); the standard ones cannot be replaced. */
      headers?: Record<string, string>;
    };

function encode(values: Record<string, Scalar | undefined | null> | undefined): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values ?? {})) {
    if (value === undefined || value === null) continue;
    search.append(name, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return search;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

const failure = (error: ApiError) => ({ error });

/**
 * The one base query: form-urlencoded bodies, GET by default, the token / lang / language headers, a 60 s
 * timeout, and the body's code decides the outcome (200 data; 401 ends the session; anything else is a
 * refusal carrying the server's translated msg). HTTP status is not trusted on its own: the code is.
 */
export const formBaseQuery: BaseQueryFn<RequestArgs, unknown, ApiError> = async (args, api) => {
  const { baseUrl, timeoutMs, getLanguage } = apiClientConfig();
  const request = typeof args === 'string' ? { url: args } : args;
  const method = request.method ?? 'GET';
  const query = encode(request.params).toString();
  const url = `${baseUrl}${request.url}${query ? `?${query}` : ''}`;

  const lang = getLanguage();
  const headers: Record<string, string> = { ...request.headers, lang, language: lang, accept: 'application/json' };
  const token = (api.getState() as { session?: SessionState }).session?.token;
  if (token) headers.token = token;
  let body: string | undefined;
  if (method !== 'GET') {
    headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = encode(request.body).toString();
  }

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const onCallerAbort = () => timeout.abort();
  api.signal.addEventListener('abort', onCallerAbort);
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: timeout.signal });
  } catch {
    const timedOut = timeout.signal.aborted && !api.signal.aborted;
    return failure({
      code: 0,
      key: 'network_error',
      msg: '',
      kind: timedOut ? 'timeout' : 'network',
    });
  } finally {
    clearTimeout(timer);
    api.signal.removeEventListener('abort', onCallerAbort);
  }

  let envelope: unknown;
  try {
    envelope = await response.json();
  } catch {
    envelope = undefined;
  }
  if (!isEnvelope(envelope)) {
    return failure({ code: response.status, key: 'system_error', msg: '', kind: 'invalid-response' });
  }
  if (envelope.code === 200) return { data: envelope.data };
  if (envelope.code === 401) {
    // Only a request that carried a session can end one: a visitor's 401 changes nothing (resetting the cache
    // for it would refetch the same query and loop).
    if (token) api.dispatch(sessionEnded('expired'));
    return failure({ code: 401, key: envelope.key, msg: envelope.msg, kind: 'unauthorized' });
  }
  return failure({
    code: envelope.code,
    key: envelope.key,
    msg: envelope.msg,
    kind: 'refused',
    ...refusalDetails(envelope.data),
  });
};
