import { baseApi } from '@app/api-client';
import type { ContractTerms, Product, ProductQuote } from '@app/contracts';

export type Goods = { product: Product; terms: ContractTerms[]; session: string; next_change: number | null };
export type { ProductQuote };

/** goods (product, contract terms, session, next open/close) and getprodata (the day's open/high/low). */
export const productApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getGoods: build.query<Goods, string>({
      query: (symbol) => ({ url: '/api/index/goods', params: { symbol } }),
    }),
    getProductQuote: build.query<ProductQuote, string>({
      query: (symbol) => ({ url: '/api/index/getprodata', params: { symbol } }),
    }),
  }),
});

export const { useGetGoodsQuery, useGetProductQuoteQuery } = productApi;
