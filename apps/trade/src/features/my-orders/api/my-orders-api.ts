import { baseApi } from '@app/api-client';
import type { MyOrderList } from '@app/contracts';

export const MY_ORDERS_PAGE_SIZE = 20;

/** Everything the user did, newest first across kinds (contract orders, copies, plans, deposits, ...). */
export const myOrdersApi = baseApi.enhanceEndpoints({ addTagTypes: ['Order', 'CopyOrder'] }).injectEndpoints({
  endpoints: (build) => ({
    getMyOrderPages: build.infiniteQuery<MyOrderList, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last, _all, param) => (param * MY_ORDERS_PAGE_SIZE < last.total ? param + 1 : undefined),
      },
      query: ({ pageParam }) => ({
        url: '/api/user/myorders',
        params: { page: pageParam, size: MY_ORDERS_PAGE_SIZE },
      }),
      providesTags: ['Order', 'CopyOrder'],
    }),
  }),
});

export const { useGetMyOrderPagesInfiniteQuery } = myOrdersApi;
