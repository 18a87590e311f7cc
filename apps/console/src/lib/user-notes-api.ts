import type { AdminUserNotes } from '@app/contracts';
import { consoleApi } from './api.ts';

const api = consoleApi.enhanceEndpoints({ addTagTypes: ['UserNotes', 'UserPage'] });

/** Operators' notes and tags on a user: the user page writes them, the queues show the tags beside the user. */
export const userNotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    userNotes: build.query<AdminUserNotes, number>({
      query: (id) => `/admin/users/${id}/notes`,
      providesTags: (_result, _error, id) => [{ type: 'UserNotes', id }],
    }),
    addUserNote: build.mutation<{ id: number }, { id: number; body: string }>({
      query: ({ id, body }) => ({ url: `/admin/users/${id}/notes`, method: 'POST', body: { body } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'UserNotes', id }, 'UserPage'],
    }),
    removeUserNote: build.mutation<null, { id: number; noteId: number; reason: string }>({
      query: ({ id, noteId, reason }) => ({
        url: `/admin/users/${id}/notes/${noteId}/remove`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'UserNotes', id }, 'UserPage'],
    }),
    setUserTag: build.mutation<null, { id: number; tag: string; reason: string; remove: boolean }>({
      query: ({ id, tag, reason, remove }) => ({
        url: `/admin/users/${id}/tags${remove ? '/remove' : ''}`,
        method: 'POST',
        body: { tag, reason },
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'UserNotes', id }, 'UserPage'],
    }),
  }),
});

export const { useUserNotesQuery, useAddUserNoteMutation, useRemoveUserNoteMutation, useSetUserTagMutation } =
  userNotesApi;
