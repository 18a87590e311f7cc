import { baseApi } from '@app/api-client';
import type { PublicSettings, SupportConversation, SupportMessage, SupportSendBody } from '@app/contracts';

/** 'Inbox' is the badges' tag (content-api): reading the answers clears the support badge. */
const supportBase = baseApi.enhanceEndpoints({ addTagTypes: ['Support', 'Inbox'] });

/** The conversation with customer service, and the channels operators publish in /api/index/ater. */
export const supportApi = supportBase.injectEndpoints({
  endpoints: (build) => ({
    getServiceSettings: build.query<PublicSettings, void>({ query: () => '/api/index/ater' }),
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

export const {
  useGetServiceSettingsQuery,
  useGetConversationQuery,
  useSendSupportMessageMutation,
  useMarkSupportReadMutation,
} = supportApi;
