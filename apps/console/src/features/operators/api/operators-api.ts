import type { z } from 'zod';
import type { Operator, operatorInvitationSchema, operatorInviteBodySchema, operatorListSchema } from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

export type OperatorChange = 'disable' | 'enable' | 'reset-authenticator';

export const operatorsApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    operators: build.query<z.infer<typeof operatorListSchema>, void>({
      query: () => '/admin/operators',
      providesTags: ['Operators'],
    }),
    inviteOperator: build.mutation<z.infer<typeof operatorInvitationSchema>, z.input<typeof operatorInviteBodySchema>>({
      query: (body) => ({ url: '/admin/operators', method: 'POST', body }),
      invalidatesTags: ['Operators'],
    }),
    changeOperator: build.mutation<Operator, { id: number; change: OperatorChange; reason: string }>({
      query: ({ id, change, reason }) => ({
        url: `/admin/operators/${id}/${change}`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['Operators', 'Tokens'],
    }),
  }),
});

export const { useOperatorsQuery, useInviteOperatorMutation, useChangeOperatorMutation } = operatorsApi;
