import type { ReplyTemplate, ReplyTemplateBody, ReplyTemplateList, ReplyTemplateUse } from '@app/contracts';
import { consoleApi } from './api.ts';

const api = consoleApi.enhanceEndpoints({ addTagTypes: ['ReplyTemplates'] });

/**
 * Reply templates: every refusal dialog and the support answer offer those for their act; the templates page
 * (support) writes them, each change with a reason.
 */
export const replyTemplatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    replyTemplates: build.query<ReplyTemplateList, ReplyTemplateUse | undefined>({
      query: (use) => ({ url: '/admin/reply-templates', ...(use ? { params: { use } } : {}) }),
      providesTags: ['ReplyTemplates'],
    }),
    saveReplyTemplate: build.mutation<ReplyTemplate, { id: number | null; body: ReplyTemplateBody }>({
      query: ({ id, body }) => ({
        url: id === null ? '/admin/reply-templates' : `/admin/reply-templates/${id}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['ReplyTemplates'],
    }),
    removeReplyTemplate: build.mutation<null, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/reply-templates/${id}/remove`, method: 'POST', body: { reason } }),
      invalidatesTags: ['ReplyTemplates'],
    }),
  }),
});

export const { useReplyTemplatesQuery, useSaveReplyTemplateMutation, useRemoveReplyTemplateMutation } =
  replyTemplatesApi;
