import { baseApi } from '@app/api-client';
import type { LoginRecord, UserSession } from '@app/contracts';

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
  }),
});

export const { useGetSessionsQuery, useGetLoginsQuery, useLogoutOthersMutation } = securityApi;
