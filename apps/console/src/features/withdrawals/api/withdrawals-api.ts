import type {
  AdminWithdrawalApproval,
  AdminWithdrawalDetail,
  AdminWithdrawalList,
  AdminWithdrawalSearch,
  WithdrawRecord,
} from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

export const withdrawalsApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    /** The review queue (status 3) and the search over every withdrawal are one query. */
    withdrawals: build.query<AdminWithdrawalList, AdminWithdrawalSearch>({
      query: (params) => ({ url: '/admin/withdrawals', params }),
      providesTags: ['Withdrawals'],
    }),
    withdrawal: build.query<AdminWithdrawalDetail, number>({
      query: (id) => `/admin/withdrawals/${id}`,
      providesTags: ['Withdrawals'],
    }),
    approveWithdrawal: build.mutation<AdminWithdrawalApproval, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/withdrawals/${id}/approve`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Withdrawals'],
    }),
    refuseWithdrawal: build.mutation<WithdrawRecord, { id: number; reason: string; template_id?: number | undefined }>({
      query: ({ id, ...body }) => ({ url: `/admin/withdrawals/${id}/refuse`, method: 'POST', body }),
      invalidatesTags: ['Withdrawals'],
    }),
  }),
});

export const { useWithdrawalsQuery, useWithdrawalQuery, useApproveWithdrawalMutation, useRefuseWithdrawalMutation } =
  withdrawalsApi;
