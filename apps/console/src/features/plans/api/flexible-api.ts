import type { AdminFlex, HeldChange } from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

/** The flexible Yuebao balance's terms: a rate from a later day (held for a second operator), the instant amount. */
const api = consoleApi.enhanceEndpoints({ addTagTypes: ['Flexible'] }).injectEndpoints({
  endpoints: (build) => ({
    flexible: build.query<AdminFlex, void>({ query: () => '/admin/yuebao-flexible', providesTags: ['Flexible'] }),
    proposeFlexRate: build.mutation<{ held: HeldChange }, { rate_pct: string; effective_from: string; reason: string }>(
      {
        query: (body) => ({ url: '/admin/yuebao-flexible/rate', method: 'POST', body }),
        invalidatesTags: ['Flexible', 'HeldChanges'],
      },
    ),
    setInstantOut: build.mutation<AdminFlex, { instant_out_daily: string; reason: string }>({
      query: (body) => ({ url: '/admin/yuebao-flexible/instant-out', method: 'POST', body }),
      invalidatesTags: ['Flexible'],
    }),
  }),
});

export const { useFlexibleQuery, useProposeFlexRateMutation, useSetInstantOutMutation } = api;
