import type { AdminBulkResult, ReplyTemplateUse, SavedView, SavedViewList, SavedViewQueue } from '@app/contracts';
import { consoleApi } from './api.ts';

/** The queues an operator triages in bulk, by their API path (`/admin/<queue>/bulk/<decision>`). */
export type TriageQueue = SavedViewQueue;
export type BulkDecision = 'approve' | 'refuse';
/** The reply templates a queue's refusal offers. */
export const REFUSAL_TEMPLATES = {
  deposits: 'deposit_refuse',
  withdrawals: 'withdrawal_refuse',
  kyc: 'kyc_refuse',
} as const satisfies Record<TriageQueue, ReplyTemplateUse>;

const TAG = { deposits: 'Deposits', withdrawals: 'Withdrawals', kyc: 'Kyc' } as const;

export const triageApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    /** One request for many items; the answer says what became of each (done, held for a second operator, refused). */
    bulkDecide: build.mutation<
      AdminBulkResult,
      {
        queue: TriageQueue;
        decision: BulkDecision;
        ids: readonly number[];
        reason: string;
        /** A refusal's reply template, told to each user in their language. */
        template_id?: number | undefined;
      }
    >({
      query: ({ queue, decision, ids, ...body }) => ({
        url: `/admin/${queue}/bulk/${decision}`,
        method: 'POST',
        body: { ids: ids.join(','), ...body },
      }),
      invalidatesTags: (_result, _error, { queue }) => [TAG[queue], 'Approvals'],
    }),
    savedViews: build.query<SavedViewList, TriageQueue>({
      query: (queue) => ({ url: '/admin/saved-views', params: { queue } }),
      providesTags: ['SavedViews'],
    }),
    saveView: build.mutation<SavedView, { queue: TriageQueue; name: string; query: string }>({
      query: (body) => ({ url: '/admin/saved-views', method: 'POST', body }),
      invalidatesTags: ['SavedViews'],
    }),
    deleteView: build.mutation<null, number>({
      query: (id) => ({ url: `/admin/saved-views/${id}/delete`, method: 'POST', body: {} }),
      invalidatesTags: ['SavedViews'],
    }),
  }),
});

export const { useBulkDecideMutation, useSavedViewsQuery, useSaveViewMutation, useDeleteViewMutation } = triageApi;
