import { baseApi, LANGUAGE_TAG } from '@app/api-client';
import type { ActivityType, ContentDetail, ContentList } from '@app/contracts';

export const ACTIVITY_PAGE = 10;

/** Activities (/api/index/activity_list by type, activity_details): public, in the reader's language. */
export const activitiesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getActivityPages: build.infiniteQuery<ContentList, ActivityType | undefined, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last, _all, page) => (page * ACTIVITY_PAGE < last.total ? page + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/api/index/activity_list',
        params: { type: queryArg, page: pageParam, size: ACTIVITY_PAGE },
      }),
      providesTags: [LANGUAGE_TAG],
    }),
    getActivity: build.query<ContentDetail, number>({
      query: (id) => ({ url: '/api/index/activity_details', params: { id } }),
      providesTags: [LANGUAGE_TAG],
    }),
  }),
});

export const { useGetActivityPagesInfiniteQuery, useGetActivityQuery } = activitiesApi;
