import type { AdminContentItem, AdminContentList, ContentKind, ContentText, Language } from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

/** What the editor sends: the item's settings and the languages written (English required on create). */
export type ContentFields = {
  link: string | null;
  tone: string;
  activity_type: AdminContentItem['activity_type'];
  starts_at: number | null;
  ends_at: number | null;
  pinned: boolean;
  sort: number;
  publish_at: number;
  translations: Partial<Record<Language, { title: string; summary: string; body: string }>>;
};
export type ContentCreate = ContentFields & { kind: ContentKind; slug: string; reason: string };
export type ContentEdit = Partial<ContentFields> & { reason: string };

const api = consoleApi.enhanceEndpoints({ addTagTypes: ['Content'] }).injectEndpoints({
  endpoints: (build) => ({
    contentItems: build.query<AdminContentList, ContentKind | undefined>({
      query: (kind) => ({ url: '/admin/content', params: kind ? { kind } : {} }),
      providesTags: ['Content'],
    }),
    createContent: build.mutation<AdminContentItem, ContentCreate>({
      query: (body) => ({ url: '/admin/content', method: 'POST', body }),
      invalidatesTags: ['Content'],
    }),
    editContent: build.mutation<AdminContentItem, { id: number; body: ContentEdit }>({
      query: ({ id, body }) => ({ url: `/admin/content/${id}`, method: 'POST', body }),
      invalidatesTags: ['Content'],
    }),
    setContentState: build.mutation<AdminContentItem, { id: number; action: 'publish' | 'withdraw'; reason: string }>({
      query: ({ id, action, reason }) => ({ url: `/admin/content/${id}/${action}`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Content'],
    }),
    /** The text as the server would store it: the phone preview shows this, never the raw input. */
    previewContent: build.mutation<ContentText, { title: string; summary: string; body: string }>({
      query: (body) => ({ url: '/admin/content/preview', method: 'POST', body }),
    }),
  }),
});

export const {
  useContentItemsQuery,
  useCreateContentMutation,
  useEditContentMutation,
  useSetContentStateMutation,
  usePreviewContentMutation,
} = api;
