import { baseApi, LANGUAGE_TAG } from '@app/api-client';
import type { ContentDetail, ContentList } from '@app/contracts';

export const ARTICLE_PAGE = 10;
const nextPage = (last: ContentList, _all: unknown, page: number) =>
  page * ARTICLE_PAGE < last.total ? page + 1 : undefined;

/** Platform notices (/api/index/notice) and news (about_list, about_details): public, in the reader's language. */
export const articlesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNoticePages: build.infiniteQuery<ContentList, void, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPage },
      query: ({ pageParam }) => ({ url: '/api/index/notice', params: { page: pageParam, size: ARTICLE_PAGE } }),
      providesTags: [LANGUAGE_TAG],
    }),
    getNotice: build.query<ContentDetail, number>({
      query: (id) => ({ url: '/api/index/notice', params: { id } }),
      providesTags: [LANGUAGE_TAG],
    }),
    getNewsPages: build.infiniteQuery<ContentList, void, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPage },
      query: ({ pageParam }) => ({ url: '/api/index/about_list', params: { page: pageParam, size: ARTICLE_PAGE } }),
      providesTags: [LANGUAGE_TAG],
    }),
    getNews: build.query<ContentDetail, number>({
      query: (id) => ({ url: '/api/index/about_details', params: { id } }),
      providesTags: [LANGUAGE_TAG],
    }),
  }),
});

export const { useGetNoticePagesInfiniteQuery, useGetNoticeQuery, useGetNewsPagesInfiniteQuery, useGetNewsQuery } =
  articlesApi;
