import type { z } from 'zod';
import type {
  Operator,
  OperatorLoginResult,
  OperatorMe,
  OperatorSession,
  operatorAcceptBodySchema,
  operatorEnrolBodySchema,
  operatorLoginBodySchema,
} from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

/** Signing in (password, then the authenticator or its enrolment), accepting an invitation, signing out. */
export const sessionApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    currentSession: build.query<OperatorMe, void>({ query: () => '/admin/session', providesTags: ['Session'] }),
    signIn: build.mutation<OperatorLoginResult, z.input<typeof operatorLoginBodySchema>>({
      query: (body) => ({ url: '/admin/session/login', method: 'POST', body }),
    }),
    enrol: build.mutation<OperatorSession, z.input<typeof operatorEnrolBodySchema>>({
      query: (body) => ({ url: '/admin/session/enrol', method: 'POST', body }),
    }),
    acceptInvitation: build.mutation<Operator, z.input<typeof operatorAcceptBodySchema>>({
      query: (body) => ({ url: '/admin/session/accept', method: 'POST', body }),
    }),
    signOut: build.mutation<null, void>({ query: () => ({ url: '/admin/session/logout', method: 'POST' }) }),
  }),
});

export const {
  useCurrentSessionQuery,
  useSignInMutation,
  useEnrolMutation,
  useAcceptInvitationMutation,
  useSignOutMutation,
} = sessionApi;
