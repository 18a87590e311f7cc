import type { Badges, TotalAssets, UserInfo } from '@app/contracts';
import { baseApi } from './api.ts';
import { MONEY_TAGS } from './money-tags.ts';

export { MONEY_TAGS };

/** The user info every gated page needs at launch; shared here because both the shell and account use it. */
export const userApi = baseApi.enhanceEndpoints({ addTagTypes: ['Inbox', ...MONEY_TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfo, void>({
      query: () => '/api/user/index',
      providesTags: ['User'],
    }),
    /** Total assets with their parts and yesterday's earnings: the one money picture of Home, Mine, My assets,
     * Exchange and the statement. */
    getTotalAssets: build.query<TotalAssets, void>({
      query: () => '/api/user/total-assets',
      providesTags: [...MONEY_TAGS],
    }),
    /** Unread counts: the shell's Mine tab and Mine's menu show them; reading a message ('Inbox') updates both. */
    getBadges: build.query<Badges, void>({ query: () => ({ url: '/api/user/badges' }), providesTags: ['Inbox'] }),
  }),
});

export const { useGetUserInfoQuery, useGetBadgesQuery, useGetTotalAssetsQuery } = userApi;
