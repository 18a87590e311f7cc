import { baseApi } from '@app/api-client';
import type { Product, ProductClass } from '@app/contracts';

export type ProductList = { items: Product[]; simulated: boolean };

/** ajaxdata: the products of a class (or a search across all), with last price, change and status. */
export const productsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<ProductList, { class?: ProductClass; q?: string }>({
      query: ({ class: cls, q }) => ({ url: '/api/index/ajaxdata', params: { class: cls, q: q || undefined } }),
    }),
  }),
});

export const { useGetProductsQuery } = productsApi;
