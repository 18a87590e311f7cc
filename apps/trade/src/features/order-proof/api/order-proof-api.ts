import { baseApi } from '@app/api-client';
import type { LogInclusion, LogKey, LogSth, OrderProof } from '@app/contracts';

/**
 * What "Verify this order" reads: the order's entries and journals (the owner's), and the public log's latest head,
 * its key and inclusion proofs. Nothing is cached across visits: a check is only as good as the head it used.
 */
export const orderProofApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOrderProof: build.query<OrderProof, number>({
      query: (id) => ({ url: '/api/user/order_proof', params: { id } }),
      keepUnusedDataFor: 0,
    }),
    getLogHead: build.query<LogSth, void>({ query: () => ({ url: '/api/log/sth' }), keepUnusedDataFor: 0 }),
    getLogKey: build.query<LogKey, string>({
      query: (keyId) => ({ url: '/api/log/key', params: { key_id: keyId } }),
    }),
    getLogInclusion: build.query<LogInclusion, { index: number; tree_size: number }>({
      query: (params) => ({ url: '/api/log/proof', params }),
    }),
  }),
});

export const { useGetOrderProofQuery, useGetLogHeadQuery, useGetLogKeyQuery } = orderProofApi;
