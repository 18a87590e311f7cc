import { baseApi } from '@app/api-client';
import type { ExclusionPeriod, LimitName, Limits } from '@app/contracts';

export const limitsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Limits'] }).injectEndpoints({
  endpoints: (build) => ({
    getLimits: build.query<Limits, void>({ query: () => ({ url: '/api/user/limits' }), providesTags: ['Limits'] }),
    setLimit: build.mutation<Limits, { name: LimitName; value: string }>({
      query: (body) => ({ url: '/api/user/limits/set', method: 'POST', body }),
      invalidatesTags: ['Limits'],
    }),
    confirmLimit: build.mutation<Limits, { name: LimitName }>({
      query: (body) => ({ url: '/api/user/limits/confirm', method: 'POST', body }),
      invalidatesTags: ['Limits'],
    }),
    cancelLimit: build.mutation<Limits, { name: LimitName }>({
      query: (body) => ({ url: '/api/user/limits/cancel', method: 'POST', body }),
      invalidatesTags: ['Limits'],
    }),
    setReality: build.mutation<Limits, { minutes: number }>({
      query: ({ minutes }) => ({ url: '/api/user/limits/reality', method: 'POST', body: { minutes: String(minutes) } }),
      invalidatesTags: ['Limits'],
    }),
    exclude: build.mutation<Limits, { period: ExclusionPeriod }>({
      query: ({ period }) => ({ url: '/api/user/limits/exclude', method: 'POST', body: { period, confirm: '1' } }),
      invalidatesTags: ['Limits'],
    }),
  }),
});

export const {
  useGetLimitsQuery,
  useSetLimitMutation,
  useConfirmLimitMutation,
  useCancelLimitMutation,
  useExcludeMutation,
  useSetRealityMutation,
} = limitsApi;
