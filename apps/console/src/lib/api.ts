import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import type { Envelope } from '@app/contracts';
import { consoleLanguage } from './i18n.ts';
import { sessionEnded, type SessionState } from './session-slice.ts';

/**
 * A failed request. `msg` is the server's own text in the console's language (the `lang` header), shown as it
 * is; `key` is the catalogue key. `kind` says whether the server refused, no answer came, or the session ended.
 */
export type ConsoleError = {
  code: number;
  key: string;
  msg: string;
  field?: string;
  kind: 'refused' | 'unauthorized' | 'network' | 'invalid-response';
};

export const isConsoleError = (value: unknown): value is ConsoleError =>
  typeof value === 'object' && value !== null && 'kind' in value && 'key' in value && 'msg' in value;

const isEnvelope = (value: unknown): value is Envelope<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';

// Absolute, so the Request that fetchBaseQuery builds also parses where there is no page URL to resolve against.
const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin;

/** The headers every request of the console carries, the CSV exports' too: its language, by both names the server reads. */
export function setConsoleHeaders(headers: Headers, accept = 'application/json'): Headers {
  const lang = consoleLanguage();
  headers.set('lang', lang);
  headers.set('language', lang);
  headers.set('accept', accept);
  return headers;
}

/**
 * What an answer other than code 200 means to the console: the server's refusal (its code, key, message and the
 * field it names), 401 an ended session, and anything that is no envelope at all an invalid response (`status`: the
 * HTTP status).
 */
export function answerError(body: unknown, status: number): ConsoleError {
  if (!isEnvelope(body)) return { code: status, key: 'system_error', msg: '', kind: 'invalid-response' };
  const field = (body.data as { field?: unknown } | null)?.field;
  return {
    code: body.code,
    key: body.key,
    msg: body.msg,
    ...(typeof field === 'string' ? { field } : {}),
    kind: body.code === 401 ? 'unauthorized' : 'refused',
  };
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: origin,
  credentials: 'same-origin',
  // Looked up per call so tests can stub the global fetch.
  fetchFn: (input, init) => fetch(input, init),
  prepareHeaders: (headers, { getState, arg }) => {
    setConsoleHeaders(headers);
    const method = typeof arg === 'string' ? 'GET' : (arg.method ?? 'GET').toUpperCase();
    // Every change carries the session's CSRF token (kept in memory only, never in storage).
    const { csrf } = (getState() as { session: SessionState }).session;
    if (method !== 'GET' && method !== 'HEAD' && csrf) headers.set('x-csrf-token', csrf);
    return headers;
  },
});

/**
 * Every answer is `{code, msg, key, data}`: code 200 gives data; 401 ends the session (the console returns to
 * sign-in); anything else is a refusal with the server's message.
 */
/** What an answer said beside its data: its message key (`change_proposed` when a change waits for a second operator). */
export type EnvelopeMeta = { key: string };

export const envelopeBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ConsoleError, object, EnvelopeMeta> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions as object);
  const error = result.error;
  if (error && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR'))
    return { error: { code: 0, key: 'network_error', msg: '', kind: 'network' } };
  const body: unknown = error ? error.data : result.data;
  if (isEnvelope(body) && body.code === 200) return { data: body.data, meta: { key: body.key } };
  const failure = answerError(body, error && typeof error.status === 'number' ? error.status : 0);
  if (failure.kind === 'unauthorized') {
    const { operator } = (api.getState() as { session: SessionState }).session;
    if (operator) api.dispatch(sessionEnded('expired'));
  }
  return { error: failure };
};

/** The console's one API: each feature injects its endpoints (`consoleApi.injectEndpoints`). */
export const consoleApi = createApi({
  reducerPath: 'consoleApi',
  baseQuery: envelopeBaseQuery,
  tagTypes: [
    'Session',
    'Deposits',
    'Withdrawals',
    'Users',
    'Operators',
    'Tokens',
    'Kyc',
    'Support',
    'Cases',
    'Orders',
    'Audit',
    // Changes waiting for a second operator: every editor that can propose one invalidates them.
    'HeldChanges',
    'Approvals',
    // An operator's saved views of the triage queues.
    'SavedViews',
  ],
  // Other operators act on the same queues: a list is read again whenever it is shown and when the window
  // gets the focus back, never taken from a cache of minutes ago.
  refetchOnMountOrArgChange: true,
  refetchOnFocus: true,
  endpoints: () => ({}),
});

/** A save that may be held for a second operator: the value in force and whether the change waits (docs/operators.md). */
export type MaybeHeld<T> = { value: T; held: boolean };
export const maybeHeld = <T>(value: T, meta: EnvelopeMeta | undefined): MaybeHeld<T> => ({
  value,
  held: meta?.key === 'change_proposed',
});
