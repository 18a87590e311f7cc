import type { z } from 'zod';
import type {
  Operator,
  OperatorRole,
  OperatorInviteResult,
  operatorInviteBodySchema,
  operatorListSchema,
  operatorSessionListSchema,
} from '@app/contracts';
import { consoleApi, maybeHeld, type MaybeHeld } from '../../../lib/api.ts';

export type OperatorChange = 'disable' | 'enable' | 'reset-authenticator';

export const operatorsApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    operators: build.query<z.infer<typeof operatorListSchema>, void>({
      query: () => '/admin/operators',
      providesTags: ['Operators'],
    }),
    // An invitation to a role with power over money or operators is held for a second admin (answer `held`).
    inviteOperator: build.mutation<OperatorInviteResult, z.input<typeof operatorInviteBodySchema>>({
      query: (body) => ({ url: '/admin/operators', method: 'POST', body }),
      invalidatesTags: ['Operators', 'HeldChanges'],
    }),
    changeOperator: build.mutation<Operator, { id: number; change: OperatorChange; reason: string }>({
      query: ({ id, change, reason }) => ({
        url: `/admin/operators/${id}/${change}`,
        method: 'POST',
        body: { reason },
      }),
      // Enabling a disabled operator is held for a second admin: the panel of held changes shows it.
      invalidatesTags: ['Operators', 'Tokens', 'HeldChanges'],
    }),
    // A wider role is held for a second admin: the answer is then the operator as they still are.
    changeRole: build.mutation<MaybeHeld<Operator>, { id: number; role: OperatorRole; reason: string }>({
      query: ({ id, role, reason }) => ({ url: `/admin/operators/${id}/role`, method: 'POST', body: { role, reason } }),
      transformResponse: (operator: Operator, meta) => maybeHeld(operator, meta),
      invalidatesTags: ['Operators', 'HeldChanges'],
    }),
    operatorSessions: build.query<z.infer<typeof operatorSessionListSchema>, void>({
      query: () => '/admin/operator-sessions',
      providesTags: ['Operators'],
    }),
    revokeOperatorSession: build.mutation<null, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/operator-sessions/${id}/revoke`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Operators'],
    }),
  }),
});

export const {
  useOperatorsQuery,
  useInviteOperatorMutation,
  useChangeOperatorMutation,
  useChangeRoleMutation,
  useOperatorSessionsQuery,
  useRevokeOperatorSessionMutation,
} = operatorsApi;
