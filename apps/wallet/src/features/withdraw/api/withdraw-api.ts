import { baseApi, isApiError, userApi } from '@app/api-client';
import { cursorPaging, cursorParam } from '@app/contracts/cursor-paging';
import type { CashInfo, MethodKind, WithdrawRecord, WithdrawRecordList } from '@app/contracts';

export const RECORD_PAGE = 20;
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Withdraw', 'PaymentMethod'] });

export type CashArgs = {
  method_id: number;
  kind?: MethodKind;
  amount: string;
  fund_password: string;
  second_factor_code?: string;
  key: string;
};

/** cash (GET rules / POST submit) and cash_record. */
export const withdrawApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCashInfo: build.query<CashInfo, void>({
      query: () => '/api/user/cash',
      providesTags: ['Withdraw', 'PaymentMethod'],
    }),
    submitCash: build.mutation<WithdrawRecord, CashArgs>({
      query: (body) => ({ url: '/api/user/cash', method: 'POST', body }),
      invalidatesTags: ['Withdraw'],
      async onQueryStarted(_a, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(userApi.util.invalidateTags(['User']));
        } catch (failed) {
          // Refused: nothing changed. Unless the account was frozen meanwhile (on another device, or by customer
          // service): the user info says since when, and the page shows it.
          const error = (failed as { error?: unknown }).error;
          if (isApiError(error) && error.key === 'account_frozen') dispatch(userApi.util.invalidateTags(['User']));
        }
      },
    }),
    getCashRecord: build.query<WithdrawRecordList, number>({
      query: (id) => ({ url: '/api/user/cash_record', params: { id } }),
      providesTags: ['Withdraw'],
    }),
    getCashPages: build.infiniteQuery<WithdrawRecordList, void, string>({
      infiniteQueryOptions: cursorPaging,
      query: ({ pageParam }) => ({
        url: '/api/user/cash_record',
        params: { size: RECORD_PAGE, ...cursorParam(pageParam) },
      }),
      providesTags: ['Withdraw'],
    }),
  }),
});

export const { useGetCashInfoQuery, useSubmitCashMutation, useGetCashRecordQuery, useGetCashPagesInfiniteQuery } =
  withdrawApi;
