import { baseApi } from '@app/api-client';
import type { WithdrawAllowlist, WithdrawAllowlistBody } from '@app/contracts';

export const allowlistApi = baseApi.enhanceEndpoints({ addTagTypes: ['Allowlist'] }).injectEndpoints({
  endpoints: (build) => ({
    getAllowlist: build.query<WithdrawAllowlist, void>({
      query: () => ({ url: '/api/user/withdraw_allowlist' }),
      providesTags: ['Allowlist'],
    }),
    /** The answer is the new state: written straight into the query, no second read. */
    setAllowlist: build.mutation<WithdrawAllowlist, WithdrawAllowlistBody>({
      query: (body) => ({ url: '/api/user/withdraw_allowlist', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(allowlistApi.util.upsertQueryData('getAllowlist', undefined, data));
        } catch {
          // Refused: the page shows why; the state is unchanged.
        }
      },
    }),
  }),
});

export const { useGetAllowlistQuery, useSetAllowlistMutation } = allowlistApi;
