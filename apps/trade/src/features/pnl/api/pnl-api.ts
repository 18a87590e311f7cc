import { baseApi } from '@app/api-client';
import type { OrderMode, Pnl } from '@app/contracts';

/** "My trading": computed by the server from the orders on every read. */
export const pnlApi = baseApi.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  endpoints: (build) => ({
    getPnl: build.query<Pnl, OrderMode>({
      query: (mode) => ({ url: '/api/user/pnl', params: { mode } }),
      providesTags: ['Order'],
    }),
  }),
});

export const { useGetPnlQuery } = pnlApi;
