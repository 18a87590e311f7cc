import type { Badges, UserInfo } from '@app/contracts';
import { baseApi } from './api.ts';

/** The user info every gated page needs at launch; shared here because both the shell and account use it. */
export const userApi = baseApi.enhanceEndpoints({ addTagTypes: ['Inbox'] }).injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfo, void>({
      query: () => '/api/user/index',
      providesTags: ['User'],
    }),
    /** Unread counts: the shell's Mine tab and Mine's menu show them; reading a message ('Inbox') updates both. */
    getBadges: build.query<Badges, void>({ query: () => ({ url: '/api/user/badges' }), providesTags: ['Inbox'] }),
  }),
});

export const { useGetUserInfoQuery, useGetBadgesQuery } = userApi;
