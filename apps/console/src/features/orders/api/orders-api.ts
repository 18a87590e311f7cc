import type { AdminOrderList, AdminOrderSearch } from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

export const ordersApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    orders: build.query<AdminOrderList, AdminOrderSearch>({
      query: (params) => ({ url: '/admin/orders', params }),
      providesTags: ['Orders'],
    }),
  }),
});

export const { useOrdersQuery } = ordersApi;
