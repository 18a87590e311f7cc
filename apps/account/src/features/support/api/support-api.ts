import { baseApi } from '@app/api-client';
import type {
  GuestSupportConversation,
  GuestSupportTicket,
  SupportConversation,
  SupportMessage,
  SupportSendBody,
} from '@app/contracts';

/** 'Inbox' is the badges' tag (content-api): reading the answers clears the support badge. */
const supportBase = baseApi.enhanceEndpoints({ addTagTypes: ['Support', 'Inbox', 'GuestSupport'] });
/** A logged-out conversation is opened by its ticket, sent as a header (never in a URL a log could keep). */
const ticketHeader = (ticket: string) => ({ 'x-support-ticket': ticket });

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
    /** Logged out: the code sent to the phone (purpose `support`) opens the conversation of that phone. */
    verifyGuestSupport: build.mutation<GuestSupportTicket, { phone: string; code: string }>({
      query: (body) => ({ url: '/api/guest/service/verify', method: 'POST', body }),
    }),
    getGuestConversation: build.query<GuestSupportConversation, string>({
      query: (ticket) => ({ url: '/api/guest/service', headers: ticketHeader(ticket) }),
      providesTags: ['GuestSupport'],
    }),
    sendGuestMessage: build.mutation<SupportMessage, { ticket: string; body: string }>({
      query: ({ ticket, body }) => ({
        url: '/api/guest/service',
        method: 'POST',
        body: { body },
        headers: ticketHeader(ticket),
      }),
      invalidatesTags: ['GuestSupport'],
    }),
    markSupportRead: build.mutation<{ unread: number }, void>({
      query: () => ({ url: '/api/user/service_read', method: 'POST' }),
      invalidatesTags: ['Inbox'],
    }),
  }),
});

export const {
  useGetConversationQuery,
  useSendSupportMessageMutation,
  useMarkSupportReadMutation,
  useVerifyGuestSupportMutation,
  useGetGuestConversationQuery,
  useSendGuestMessageMutation,
} = supportApi;
