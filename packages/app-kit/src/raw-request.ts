import { apiClientConfig } from '@app/api-client';
import type { ApiError } from '@app/api-client';

/**
 * The calls the form-urlencoded base query cannot make: a multipart upload (a proof, an avatar) and a file download.
 * Same headers (token, lang, language), same 60 s timeout, same envelope handling for refusals.
 */
async function send(path: string, token: string | null, init: RequestInit): Promise<Response> {
  const { baseUrl, timeoutMs, getLanguage } = apiClientConfig();
  const lang = getLanguage();
  const headers: Record<string, string> = { lang, language: lang };
  if (token) headers.token = token;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  try {
    return await fetch(`${baseUrl}${path}`, {
      ...init,
      headers: { ...headers, ...(init.headers as Record<string, string>) },
      signal: timeout.signal,
    });
  } catch {
    throw {
      code: 0,
      key: 'network_error',
      msg: '',
      kind: timeout.signal.aborted ? 'timeout' : 'network',
    } satisfies ApiError;
  } finally {
    clearTimeout(timer);
  }
}

async function refusal(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as {
    code?: number;
    key?: string;
    msg?: string;
    data?: { field?: string };
  } | null;
  if (!body || typeof body.code !== 'number')
    return { code: response.status, key: 'system_error', msg: '', kind: 'invalid-response' };
  return {
    code: body.code,
    key: body.key ?? 'system_error',
    msg: body.msg ?? '',
    kind: body.code === 401 ? 'unauthorized' : 'refused',
    ...(body.data?.field ? { field: body.data.field } : {}),
  };
}

/** POSTs one file as multipart/form-data and returns the envelope's data, or throws an ApiError. */
export async function postFile<T>(path: string, token: string | null, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await send(path, token, { method: 'POST', body: form });
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: number; data?: T } | null;
  if (body?.code === 200) return body.data as T;
  throw await refusal(response);
}

/** GETs a file (an image, a CSV) as a Blob, or throws an ApiError when the server answered with an envelope. */
export async function getBlob(path: string, token: string | null): Promise<Blob> {
  const response = await send(path, token, { method: 'GET' });
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('application/json')) return response.blob();
  throw await refusal(response);
}

/** The file name a `content-disposition` header gives (`filename*=UTF-8''…` first, then `filename="…"`), else null. */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name || null;
}

/**
 * POSTs a form the way the base query does and takes the answer as a file (a data export): the Blob and the name
 * the server gave it in `content-disposition`. A refusal is the usual envelope and throws an ApiError.
 */
export async function postForFile(
  path: string,
  token: string | null,
  body: Record<string, string>,
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await send(path, token, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('application/json'))
    return { blob: await response.blob(), filename: dispositionFilename(response.headers.get('content-disposition')) };
  throw await refusal(response);
}

/** POSTs a form the way the base query does, for the few calls made outside a remote's endpoints (passkey step-up). */
export async function postForm<T>(path: string, token: string | null, body: Record<string, string>): Promise<T> {
  const response = await send(path, token, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  const answer = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: number; data?: T } | null;
  if (answer?.code === 200) return answer.data as T;
  throw await refusal(response);
}
