import type { z } from 'zod';
import type { AdminUser, adminUserListQuerySchema, adminUserListSchema } from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

export const usersApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    users: build.query<z.infer<typeof adminUserListSchema>, z.input<typeof adminUserListQuerySchema>>({
      query: (params) => ({ url: '/admin/users', params }),
      providesTags: ['Users'],
    }),
    setUserLocked: build.mutation<AdminUser, { id: number; locked: boolean; reason: string }>({
      query: ({ id, locked, reason }) => ({
        url: `/admin/users/${id}/${locked ? 'lock' : 'unlock'}`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['Users'],
    }),
  }),
});

export const { useUsersQuery, useSetUserLockedMutation } = usersApi;
