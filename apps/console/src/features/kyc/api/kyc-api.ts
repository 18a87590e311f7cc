import type { AdminKycDocument, AdminKycItem, AdminKycList, AdminKycQuery } from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

export const kycApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    kycList: build.query<AdminKycList, AdminKycQuery>({
      query: (params) => ({ url: '/admin/kyc', params }),
      providesTags: ['Kyc'],
    }),
    /**
     * The document number in clear. A mutation, not a cached query: each showing is one audited reading with its
     * own reason, and the number is kept only while the detail is open.
     */
    readKycDocument: build.mutation<AdminKycDocument, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/kyc/${id}/document`, params: { reason } }),
    }),
    decideKyc: build.mutation<
      AdminKycItem,
      { id: number; decision: 'approve' | 'refuse'; reason: string; template_id?: number | undefined }
    >({
      query: ({ id, decision, ...body }) => ({ url: `/admin/kyc/${id}/${decision}`, method: 'POST', body }),
      invalidatesTags: ['Kyc'],
    }),
  }),
});

export const { useKycListQuery, useReadKycDocumentMutation, useDecideKycMutation } = kycApi;
