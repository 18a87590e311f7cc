import type { AdminCaseDecideBody, AdminCaseDetail, AdminCaseList, AdminCaseQuery } from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

/** Users' cases: the queue, one case with its evidence, the decision, and a correction's second approval. */
export const casesApi = consoleApi.enhanceEndpoints({ addTagTypes: ['Cases'] }).injectEndpoints({
  endpoints: (build) => ({
    caseList: build.query<AdminCaseList, AdminCaseQuery>({
      query: (params) => ({ url: '/admin/cases', params }),
      providesTags: ['Cases'],
    }),
    caseDetail: build.query<AdminCaseDetail, number>({
      query: (id) => `/admin/cases/${id}`,
      providesTags: ['Cases'],
    }),
    decideCase: build.mutation<AdminCaseDetail, { id: number } & AdminCaseDecideBody>({
      query: ({ id, ...body }) => ({ url: `/admin/cases/${id}/decide`, method: 'POST', body }),
      invalidatesTags: ['Cases', 'Approvals', 'Audit'],
    }),
    /** A correction is a held balance adjustment: approved or refused where every adjustment is. */
    decideCorrection: build.mutation<unknown, { adjustmentId: number; decision: 'approve' | 'refuse'; reason: string }>(
      {
        query: ({ adjustmentId, decision, reason }) => ({
          url: `/admin/adjustments/${adjustmentId}/${decision}`,
          method: 'POST',
          body: { reason },
        }),
        invalidatesTags: ['Cases', 'Approvals', 'Audit'],
      },
    ),
  }),
});

export const { useCaseListQuery, useCaseDetailQuery, useDecideCaseMutation, useDecideCorrectionMutation } = casesApi;
