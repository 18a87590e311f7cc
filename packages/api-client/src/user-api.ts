import type { UserInfo } from '@app/contracts';
import { baseApi } from './api.ts';

/** The user info every gated page needs at launch; shared here because both the shell and account use it. */
export const userApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfo, void>({
      query: () => '/api/user/index',
      providesTags: ['User'],
    }),
  }),
});

export const { useGetUserInfoQuery } = userApi;
