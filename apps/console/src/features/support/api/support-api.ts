import type {
  AdminSupportConversationItem,
  AdminSupportQueue,
  AdminSupportQueueQuery,
  AdminSupportThread,
  MyOrderList,
  SupportMessage,
} from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

export const supportApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    supportQueue: build.query<AdminSupportQueue, AdminSupportQueueQuery>({
      query: (params) => ({ url: '/admin/support/conversations', params }),
      providesTags: ['Support'],
    }),
    /** What the user did lately (their Order tab's list), read beside their conversation. */
    userActivity: build.query<MyOrderList, number>({
      query: (id) => ({ url: `/admin/users/${id}/activity`, params: { page: 1, size: 5 } }),
    }),
    supportThread: build.query<AdminSupportThread, number>({
      query: (id) => `/admin/support/conversations/${id}`,
      providesTags: ['Support'],
    }),
    /** An answer in the operator's words (`body`) or a reply template the server renders in the user's language. */
    replySupport: build.mutation<SupportMessage, { id: number } & ({ body: string } | { template_id: number })>({
      query: ({ id, ...body }) => ({ url: `/admin/support/conversations/${id}/reply`, method: 'POST', body }),
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
  useUserActivityQuery,
  useReplySupportMutation,
  useAssignSupportMutation,
  useCloseSupportMutation,
} = supportApi;
