import type {
  AdminSupportConversationItem,
  AdminSupportQueue,
  AdminSupportQueueQuery,
  AdminSupportThread,
  SupportMessage,
} from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

export const supportApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    supportQueue: build.query<AdminSupportQueue, AdminSupportQueueQuery>({
      query: (params) => ({ url: '/admin/support/conversations', params }),
      providesTags: ['Support'],
    }),
    supportThread: build.query<AdminSupportThread, number>({
      query: (id) => `/admin/support/conversations/${id}`,
      providesTags: ['Support'],
    }),
    replySupport: build.mutation<SupportMessage, { id: number; body: string }>({
      query: ({ id, body }) => ({ url: `/admin/support/conversations/${id}/reply`, method: 'POST', body: { body } }),
      invalidatesTags: ['Support'],
    }),
    assignSupport: build.mutation<AdminSupportConversationItem, { id: number; operator: string; reason: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/support/conversations/${id}/assign`, method: 'POST', body }),
      invalidatesTags: ['Support'],
    }),
    closeSupport: build.mutation<AdminSupportConversationItem, { id: number; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/admin/support/conversations/${id}/close`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['Support'],
    }),
  }),
});

export const {
  useSupportQueueQuery,
  useSupportThreadQuery,
  useReplySupportMutation,
  useAssignSupportMutation,
  useCloseSupportMutation,
} = supportApi;
