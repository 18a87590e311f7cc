import { baseApi } from '@app/api-client';
import type { SupportConversation, SupportMessage, SupportSendBody } from '@app/contracts';

/** 'Inbox' is the badges' tag (content-api): reading the answers clears the support badge. */
const supportBase = baseApi.enhanceEndpoints({ addTagTypes: ['Support', 'Inbox'] });

/** The conversation with customer service (its channels are the public settings: lib/public-settings-api). */
export const supportApi = supportBase.injectEndpoints({
  endpoints: (build) => ({
    getConversation: build.query<SupportConversation, void>({
      query: () => '/api/user/service',
      providesTags: ['Support'],
    }),
    sendSupportMessage: build.mutation<SupportMessage, SupportSendBody>({
      query: (body) => ({ url: '/api/user/service', method: 'POST', body }),
      invalidatesTags: ['Support'],
    }),
    markSupportRead: build.mutation<{ unread: number }, void>({
      query: () => ({ url: '/api/user/service_read', method: 'POST' }),
      invalidatesTags: ['Inbox'],
    }),
  }),
});

export const { useGetConversationQuery, useSendSupportMessageMutation, useMarkSupportReadMutation } = supportApi;
