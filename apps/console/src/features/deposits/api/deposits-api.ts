import type { AdminDepositList, AdminDepositSearch, RechargeRecord } from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

export type DepositDecision = 'approve' | 'refuse' | 'audit';

export const depositsApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    /** The review queue (status 3 or 4) and the search over every deposit are one query. */
    deposits: build.query<AdminDepositList, AdminDepositSearch>({
      query: (params) => ({ url: '/admin/deposits', params }),
      providesTags: ['Deposits'],
    }),
    /** `template_id` (a refusal's reply template) is sent only with one. */
    decideDeposit: build.mutation<
      RechargeRecord,
      { id: number; decision: DepositDecision; reason: string; template_id?: number | undefined }
    >({
      query: ({ id, decision, ...body }) => ({ url: `/admin/deposits/${id}/${decision}`, method: 'POST', body }),
      invalidatesTags: ['Deposits'],
    }),
  }),
});

export const { useDepositsQuery, useDecideDepositMutation } = depositsApi;
