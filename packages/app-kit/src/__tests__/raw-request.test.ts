import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '@app/api-client';
import { dispositionFilename, postForFile } from '../raw-request.ts';

afterEach(() => vi.unstubAllGlobals());

describe('dispositionFilename', () => {
  it('reads the quoted name, a bare one, and the UTF-8 one first', () => {
    expect(dispositionFilename('attachment; filename="my-data-alice-2026-01-01.zip"')).toBe(
      'my-data-alice-2026-01-01.zip',
    );
    expect(dispositionFilename('attachment; filename=statement.csv')).toBe('statement.csv');
    expect(dispositionFilename(`attachment; filename="a.zip"; filename*=UTF-8''%E6%95%B0%E6%8D%AE.zip`)).toBe(
      '数据.zip',
    );
    expect(dispositionFilename('attachment')).toBeNull();
    expect(dispositionFilename(null)).toBeNull();
  });
});

describe('postForFile', () => {
  it('posts the form with the token and answers the file and its name', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(new Uint8Array([0x50, 0x4b]), {
          headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="x.zip"' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const { blob, filename } = await postForFile('/api/user/export', 'tok', { second_factor_code: '123456' });
    expect(filename).toBe('x.zip');
    expect(blob.size).toBe(2);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('second_factor_code=123456');
    expect((init.headers as Record<string, string>).token).toBe('tok');
  });

  it('throws the envelope of a refusal as an ApiError, with its field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { code: 403, key: 'second_factor_required', msg: '', data: { field: 'second_factor_code' } },
          { status: 403 },
        ),
      ),
    );
    const error: unknown = await postForFile('/api/user/export', 'tok', {}).catch((e: unknown) => e);
    expect(isApiError(error) && { key: error.key, field: error.field, kind: error.kind }).toEqual({
      key: 'second_factor_required',
      field: 'second_factor_code',
      kind: 'refused',
    });
  });
});
