import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseApi, LANGUAGE_TAG, languageChanged } from '../api.ts';
import { configureApiClient } from '../config.ts';
import { makeStore } from '../store.ts';

const contentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    testWritten: build.query<string, void>({ query: () => '/api/index/home', providesTags: [LANGUAGE_TAG] }),
    testNumbers: build.query<string, void>({ query: () => '/api/user/index' }),
  }),
});

let lang = 'en';
configureApiClient({ getLanguage: () => lang });
afterEach(() => {
  vi.unstubAllGlobals();
  lang = 'en';
});

/** A server that answers in the request's `lang` header, and counts what it was asked. */
function server() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const header = (init.headers as Record<string, string>).lang!;
      asked.push(`${new URL(url, 'http://x').pathname} ${header}`);
      return Response.json({ code: 200, msg: '', key: 'ok', data: `in ${header}` });
    }),
  );
  return asked;
}

describe('a change of language', () => {
  it('asks again, in the new language, for what the server wrote in the old one', async () => {
    const asked = server();
    const store = makeStore();
    const written = store.dispatch(contentApi.endpoints.testWritten.initiate());
    const numbers = store.dispatch(contentApi.endpoints.testNumbers.initiate());
    await written;
    await numbers;
    expect(contentApi.endpoints.testWritten.select()(store.getState()).data).toBe('in en');

    lang = 'de';
    store.dispatch(languageChanged());
    await vi.waitFor(() => expect(contentApi.endpoints.testWritten.select()(store.getState()).data).toBe('in de'));
    // What does not depend on the language is not asked for again.
    expect(asked.sort()).toEqual(['/api/index/home de', '/api/index/home en', '/api/user/index en']);
    written.unsubscribe();
    numbers.unsubscribe();
  });

  it('drops an answer in the old language that nothing shows, so it is never shown again', async () => {
    server();
    const store = makeStore();
    const written = store.dispatch(contentApi.endpoints.testWritten.initiate());
    await written;
    written.unsubscribe();
    lang = 'th';
    store.dispatch(languageChanged());
    await vi.waitFor(() =>
      expect(contentApi.endpoints.testWritten.select()(store.getState()).status).toBe('uninitialized'),
    );
    const again = store.dispatch(contentApi.endpoints.testWritten.initiate());
    expect((await again).data).toBe('in th');
    again.unsubscribe();
  });
});
