import { baseApi } from '@app/api-client';
import type { AlertList, PriceAlert } from '@app/contracts';

export type CreateAlertArgs =
  { kind: 'cross'; symbol: string; price: string } | { kind: 'move'; symbol: string; pct: string; minutes: number };

/** The user's price alerts (/api/user/alerts), set from a product page. */
export const alertsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Alert'] }).injectEndpoints({
  endpoints: (build) => ({
    getAlerts: build.query<AlertList, string | void>({
      query: (symbol) => ({ url: '/api/user/alerts', params: symbol ? { symbol } : {} }),
      providesTags: ['Alert'],
    }),
    createAlert: build.mutation<PriceAlert, CreateAlertArgs>({
      query: (body) => ({ url: '/api/user/alerts', method: 'POST', body }),
      invalidatesTags: ['Alert'],
    }),
    cancelAlert: build.mutation<null, number>({
      query: (id) => ({ url: '/api/user/alerts/cancel', method: 'POST', body: { id } }),
      invalidatesTags: ['Alert'],
    }),
  }),
});

export const { useGetAlertsQuery, useCreateAlertMutation, useCancelAlertMutation } = alertsApi;
