import { baseApi } from '@app/api-client';
import type { InviteRecords, InviteSummary } from '@app/contracts';

export const inviteApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInviteSummary: build.query<InviteSummary, void>({ query: () => ({ url: '/api/user/invite' }) }),
    getInviteRecords: build.query<InviteRecords, { page: number }>({
      query: ({ page }) => ({ url: `/api/user/invite_records?page=${page}&size=20` }),
    }),
  }),
});

export const { useGetInviteSummaryQuery, useGetInviteRecordsQuery } = inviteApi;
