import { baseApi, LANGUAGE_TAG } from '@app/api-client';
import type { Badges, HomeContent, InboxList, InboxMessage } from '@app/contracts';

const contentBase = baseApi.enhanceEndpoints({ addTagTypes: ['Inbox'] });

/** The index group (public content) and the user's inbox, both written in the reader's language. */
export const contentApi = contentBase.injectEndpoints({
  endpoints: (build) => ({
    getHome: build.query<HomeContent, void>({
      query: () => ({ url: '/api/index/home' }),
      providesTags: [LANGUAGE_TAG],
    }),
    // The same query @app/api-client holds since the shell's tab bar shows the unread count; declared here too so
    // Mine keeps its badges under a shell released before that (docs/web-delivery.md, version skew). Under a newer
    // shell this identical declaration replaces that one (overrideExisting): one endpoint, one cache entry.
    getBadges: build.query<Badges, void>({ query: () => ({ url: '/api/user/badges' }), providesTags: ['Inbox'] }),
    getMessages: build.query<InboxList, number>({
      query: (page) => ({ url: '/api/user/msg', params: { page, size: 20 } }),
      providesTags: ['Inbox', LANGUAGE_TAG],
    }),
    readMessage: build.mutation<InboxMessage, number>({
      query: (id) => ({ url: '/api/user/msg_read', method: 'POST', body: { id } }),
      invalidatesTags: ['Inbox'],
    }),
    readAllMessages: build.mutation<{ marked: number }, void>({
      query: () => ({ url: '/api/user/msg_read_all', method: 'POST', body: {} }),
      invalidatesTags: ['Inbox'],
    }),
  }),
  overrideExisting: true,
});

export const {
  useGetBadgesQuery,
  useGetHomeQuery,
  useGetMessagesQuery,
  useReadMessageMutation,
  useReadAllMessagesMutation,
} = contentApi;
