import { baseApi, sessionEnded } from '@app/api-client';
import type { CloseAccountBody, ClosureCheck } from '@app/contracts';

export const closureApi = baseApi.enhanceEndpoints({ addTagTypes: ['ClosureCheck'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Read each time the page opens: what is left changes as orders settle and money moves. */
    getClosureCheck: build.query<ClosureCheck, void>({
      query: () => ({ url: '/api/user/close_check' }),
      providesTags: ['ClosureCheck'],
      keepUnusedDataFor: 0,
    }),
    /** Closing ends every session, this one included: the device forgets it at once. */
    closeAccount: build.mutation<null, CloseAccountBody>({
      query: (body) => ({ url: '/api/user/close', method: 'POST', body }),
      invalidatesTags: ['ClosureCheck'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(sessionEnded('logout'));
        } catch {
          // Refused: the account and the session are as they were.
        }
      },
    }),
  }),
});

export const { useGetClosureCheckQuery, useCloseAccountMutation } = closureApi;
