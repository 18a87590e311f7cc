import type { z } from 'zod';
import type { ApiToken, apiTokenCreateBodySchema, apiTokenCreatedSchema, apiTokenListSchema } from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

/** API tokens for the CLI and scripts: one's own (an admin sees everyone's), made from a console session. */
export const tokensApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    tokens: build.query<z.infer<typeof apiTokenListSchema>, void>({
      query: () => '/admin/tokens',
      providesTags: ['Tokens'],
    }),
    createToken: build.mutation<z.infer<typeof apiTokenCreatedSchema>, z.input<typeof apiTokenCreateBodySchema>>({
      query: (body) => ({ url: '/admin/tokens', method: 'POST', body }),
      invalidatesTags: ['Tokens'],
    }),
    revokeToken: build.mutation<ApiToken, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/tokens/${id}/revoke`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Tokens'],
    }),
  }),
});

export const { useTokensQuery, useCreateTokenMutation, useRevokeTokenMutation } = tokensApi;
