import type { AdminWithdrawalApproval, AdminWithdrawalList, WithdrawRecord } from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

/** The review list's query (the server's reviewQuery): status 3 is under review. */
export type WithdrawalQuery = { status: 3; page: number; size: number };

export const withdrawalsApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    withdrawals: build.query<AdminWithdrawalList, WithdrawalQuery>({
      query: (params) => ({ url: '/admin/withdrawals', params }),
      providesTags: ['Withdrawals'],
    }),
    approveWithdrawal: build.mutation<AdminWithdrawalApproval, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/withdrawals/${id}/approve`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Withdrawals'],
    }),
    refuseWithdrawal: build.mutation<WithdrawRecord, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/withdrawals/${id}/refuse`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Withdrawals'],
    }),
  }),
});

export const { useWithdrawalsQuery, useApproveWithdrawalMutation, useRefuseWithdrawalMutation } = withdrawalsApi;
