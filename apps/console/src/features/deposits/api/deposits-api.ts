import type { AdminDepositList, RechargeRecord } from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

/** The review list's query (the server's reviewQuery): 3 under review, 4 credited and awaiting audit. */
export type ReviewQuery = { status: 3 | 4; page: number; size: number };
export type DepositDecision = 'approve' | 'refuse' | 'audit';

export const depositsApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    deposits: build.query<AdminDepositList, ReviewQuery>({
      query: (params) => ({ url: '/admin/deposits', params }),
      providesTags: ['Deposits'],
    }),
    decideDeposit: build.mutation<RechargeRecord, { id: number; decision: DepositDecision; reason: string }>({
      query: ({ id, decision, reason }) => ({
        url: `/admin/deposits/${id}/${decision}`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['Deposits'],
    }),
  }),
});

export const { useDepositsQuery, useDecideDepositMutation } = depositsApi;
