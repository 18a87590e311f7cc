import type { AdminAuditList, AdminAuditSearch } from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

export const auditApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    audit: build.query<AdminAuditList, AdminAuditSearch>({
      query: (params) => ({ url: '/admin/audit', params }),
      providesTags: ['Audit'],
    }),
  }),
});

export const { useAuditQuery } = auditApi;
