import type { SearchAnswer } from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

export const searchApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    /** Search everything: users by any key, deposits and withdrawals by reference or id (GET /admin/search). */
    searchEverything: build.query<SearchAnswer, string>({
      query: (q) => ({ url: '/admin/search', params: { q } }),
      // The box asks again as the operator types: an answer kept a little while serves typing back to it.
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchEverythingQuery } = searchApi;
