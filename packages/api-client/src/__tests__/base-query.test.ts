import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../config.ts';
import { formBaseQuery } from '../base-query.ts';
import { sessionEnded } from '../session-slice.ts';

type Call = { url: string; init: RequestInit };

function api(token: string | null = 'tok-1') {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    abort: () => controller.abort(),
    dispatch: vi.fn(),
    getState: () => ({ session: { token, endedBecause: null } }),
    extra: undefined,
    endpoint: 'test',
    type: 'query' as const,
  };
}

function answer(body: unknown, status = 200) {
  return vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}

let calls: Call[] = [];

beforeEach(() => {
  calls = [];
  configureApiClient({ baseUrl: '', timeoutMs: 60_000, getLanguage: () => 'de' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('formBaseQuery', () => {
  it('sends GET by default with the query string and the token, lang and language headers', async () => {
    vi.stubGlobal('fetch', answer({ code: 200, msg: 'ok', key: 'ok', data: { id: 1 } }));
    const result = await formBaseQuery({ url: '/api/user/index', params: { page: 2, q: undefined } }, api(), {});
    expect(result).toEqual({ data: { id: 1 } });
    const [call] = calls;
    expect(call?.url).toBe('/api/user/index?page=2');
    expect(call?.init.method).toBe('GET');
    expect(call?.init.body).toBeUndefined();
    expect(call?.init.headers).toMatchObject({ token: 'tok-1', lang: 'de', language: 'de' });
  });

  it('posts form-urlencoded bodies', async () => {
    vi.stubGlobal('fetch', answer({ code: 200, msg: 'ok', key: 'ok', data: null }));
    await formBaseQuery(
      { url: '/api/login/index', method: 'POST', body: { account: 'demo', password: 'a b&c', agree: true } },
      api(null),
      {},
    );
    const [call] = calls;
    expect(call?.init.method).toBe('POST');
    expect((call?.init.headers as Record<string, string>)['content-type']).toMatch(
      /^application\/x-www-form-urlencoded/,
    );
    expect(call?.init.body).toBe('account=demo&password=a+b%26c&agree=1');
    expect(call?.init.headers).not.toHaveProperty('token');
  });

  it('turns a refusal into an error carrying the server words, key and field', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ code: 400, msg: 'Falsches Passwort', key: 'wrong_password', data: { field: 'password' } }, 400),
    );
    const result = await formBaseQuery('/api/login/index', api(), {});
    expect(result.error).toEqual({
      code: 400,
      key: 'wrong_password',
      msg: 'Falsches Passwort',
      field: 'password',
      kind: 'refused',
    });
  });

  it('reads the code from the body even when HTTP says 200', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ code: 422, msg: 'Insufficient balance', key: 'balance_insufficient', data: null }, 200),
    );
    const result = await formBaseQuery('/api/x', api(), {});
    expect(result.error?.key).toBe('balance_insufficient');
  });

  it('ends the session on 401', async () => {
    vi.stubGlobal('fetch', answer({ code: 401, msg: 'Please log in first', key: 'login_required', data: null }, 401));
    const a = api();
    const result = await formBaseQuery('/api/user/index', a, {});
    expect(result.error?.kind).toBe('unauthorized');
    expect(a.dispatch).toHaveBeenCalledWith(sessionEnded('expired'));
  });

  it('leaves the session alone on a 401 to a request that carried no session', async () => {
    vi.stubGlobal('fetch', answer({ code: 401, msg: 'Please log in first', key: 'login_required', data: null }, 401));
    const a = api(null);
    const result = await formBaseQuery('/api/user/yeb_project', a, {});
    expect(result.error?.kind).toBe('unauthorized');
    expect(a.dispatch).not.toHaveBeenCalled();
  });

  it('reports a network failure with the network_error key', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const result = await formBaseQuery('/api/x', api(), {});
    expect(result.error).toMatchObject({ code: 0, key: 'network_error', kind: 'network' });
  });

  it('gives up after the timeout', async () => {
    configureApiClient({ timeoutMs: 50 });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const result = await formBaseQuery('/api/slow', api(), {});
    expect(result.error).toMatchObject({ key: 'network_error', kind: 'timeout' });
  });

  it('treats a body that is not an envelope as an invalid response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    const result = await formBaseQuery('/api/x', api(), {});
    expect(result.error).toMatchObject({ code: 502, key: 'system_error', kind: 'invalid-response' });
  });
});
