import { baseApi } from '@app/api-client';
import type { LogTermsHistory } from '@app/contracts';

/** The public terms history: every terms_changed entry of the transparency log (GET /api/log/terms). */
export const termsHistoryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTermsHistory: build.query<LogTermsHistory, void>({ query: () => ({ url: '/api/log/terms' }) }),
  }),
});

export const { useGetTermsHistoryQuery } = termsHistoryApi;
