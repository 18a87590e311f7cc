import { baseApi } from '@app/api-client';
import { cursorPaging, cursorParam } from '@app/contracts/cursor-paging';
import type { OrderDetail, OrderList, OrderMode } from '@app/contracts';

export type { OrderList };
export const PAGE_SIZE = 20;

const ordersBase = baseApi.enhanceEndpoints({ addTagTypes: ['Order', 'User'] });

/** One order, the holding list and the paged history (orderlist, ajaxorder_list, get_this_order). */
export const ordersApi = ordersBase.injectEndpoints({
  endpoints: (build) => ({
    getOrder: build.query<OrderDetail, number>({
      query: (id) => ({ url: '/api/user/get_this_order', params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'Order', id }],
    }),
    getHoldingOrders: build.query<OrderList, OrderMode | void>({
      query: (mode) => ({ url: '/api/user/ajaxorder_list', params: { page: 1, size: 100, mode: mode ?? 'real' } }),
      providesTags: ['Order'],
    }),
    getOrderPages: build.infiniteQuery<OrderList, { status?: 'open' | 'settled'; mode?: OrderMode }, string>({
      infiniteQueryOptions: cursorPaging,
      query: ({ queryArg, pageParam }) => ({
        url: '/api/user/orderlist',
        params: {
          status: queryArg.status,
          mode: queryArg.mode ?? 'real',
          size: PAGE_SIZE,
          ...cursorParam(pageParam),
        },
      }),
      providesTags: ['Order'],
    }),
  }),
});

export const { useGetOrderQuery, useGetHoldingOrdersQuery, useGetOrderPagesInfiniteQuery } = ordersApi;
