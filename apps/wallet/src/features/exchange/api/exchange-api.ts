import { baseApi, userApi } from '@app/api-client';
import type { Assets, ExchangeDirection, ExchangeQuote, ExchangeRecord, ExchangeRecordList } from '@app/contracts';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Assets', 'Exchange'] });

/** assets, exchange_quote, exchange, exchange_record. */
export const exchangeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAssets: build.query<Assets, void>({ query: () => '/api/user/assets', providesTags: ['Assets'] }),
    getQuote: build.mutation<ExchangeQuote, { direction: ExchangeDirection; coin: string; amount: string }>({
      query: (body) => ({ url: '/api/user/exchange_quote', method: 'POST', body }),
    }),
    executeQuote: build.mutation<ExchangeRecord, { quote_id: string; key: string }>({
      query: (body) => ({ url: '/api/user/exchange', method: 'POST', body }),
      invalidatesTags: ['Assets', 'Exchange'],
      async onQueryStarted(_a, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(userApi.util.invalidateTags(['User']));
        } catch {
          // Refused: nothing changed.
        }
      },
    }),
    getExchangeRecords: build.query<ExchangeRecordList, void>({
      query: () => ({ url: '/api/user/exchange_record', params: { page: 1, size: 50 } }),
      providesTags: ['Exchange'],
    }),
  }),
});

export const { useGetAssetsQuery, useGetQuoteMutation, useExecuteQuoteMutation, useGetExchangeRecordsQuery } =
  exchangeApi;
