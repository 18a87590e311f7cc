import { baseApi } from '@app/api-client';
import type { FreezeAnswer, LoginRecord, UserSession } from '@app/contracts';

export const securityApi = baseApi.enhanceEndpoints({ addTagTypes: ['Sessions'] }).injectEndpoints({
  endpoints: (build) => ({
    getSessions: build.query<{ items: UserSession[] }, void>({
      query: () => ({ url: '/api/user/sessions' }),
      providesTags: ['Sessions'],
    }),
    getLogins: build.query<{ items: LoginRecord[] }, void>({ query: () => ({ url: '/api/user/logins' }) }),
    logoutOthers: build.mutation<null, void>({
      query: () => ({ url: '/api/user/sessions/logout_others', method: 'POST' }),
      invalidatesTags: ['Sessions'],
    }),
    /** Freezes withdrawals and payout-method changes at once and signs out every other session; only customer
     * service unfreezes. The user info carries `frozen_at`, the sessions list loses the others: both are read again. */
    freezeAccount: build.mutation<FreezeAnswer, void>({
      query: () => ({ url: '/api/user/freeze', method: 'POST' }),
      invalidatesTags: ['User', 'Sessions'],
    }),
  }),
});

export const { useGetSessionsQuery, useGetLoginsQuery, useLogoutOthersMutation, useFreezeAccountMutation } =
  securityApi;
