import type { z } from 'zod';
import type {
  Limits,
  AdminLedgerPage,
  AdminPaymentMethod,
  AdminPaymentMethods,
  AdminRealNameStatus,
  AdminUser,
  AdminUserAudit,
  AdminUserBalances,
  AdminUserDeposits,
  AdminUserHoldings,
  AdminUserInvitations,
  AdminUserLogins,
  AdminUserMessageBody,
  AdminUserMessages,
  AdminUserOrders,
  AdminUserProfile,
  AdminUserFactors,
  AdminUserDevices,
  AdminUserFreezes,
  AdminUserSessions,
  AdminUserSupport,
  AdminUserWithdrawals,
  Adjustment,
  OperatorMessageSent,
  adjustmentBodySchema,
  adjustmentListSchema,
  adminPasswordResetBodySchema,
  adminPasswordResetSchema,
  adminSessionsRevokedSchema,
} from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

/** A part of the page: the user's id and the page of its list. */
export type PartArgs = { id: number; page: number; size: number };

const api = consoleApi.enhanceEndpoints({ addTagTypes: ['UserPage'] });
const part =
  (name: string) =>
  ({ id, page, size }: PartArgs) => ({
    url: `/admin/users/${id}/${name}`,
    params: { page, size },
  });
const provides = ['UserPage' as const];

/** One user on one page: each part of /admin/users/:id/..., and customer service's acts on the account. */
export const userPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    userProfile: build.query<AdminUserProfile, number>({ query: (id) => `/admin/users/${id}`, providesTags: provides }),
    userBalances: build.query<AdminUserBalances, number>({
      query: (id) => `/admin/users/${id}/balances`,
      providesTags: provides,
    }),
    userLedger: build.query<AdminLedgerPage, PartArgs>({ query: part('ledger'), providesTags: provides }),
    userOrders: build.query<AdminUserOrders, PartArgs>({ query: part('orders'), providesTags: provides }),
    userPlans: build.query<AdminUserHoldings, PartArgs>({ query: part('plans'), providesTags: provides }),
    userDeposits: build.query<AdminUserDeposits, PartArgs>({ query: part('deposits'), providesTags: provides }),
    userWithdrawals: build.query<AdminUserWithdrawals, PartArgs>({
      query: part('withdrawals'),
      providesTags: provides,
    }),
    userMethods: build.query<AdminPaymentMethods, PartArgs>({ query: part('payment-methods'), providesTags: provides }),
    userLimits: build.query<Limits, number>({ query: (id) => `/admin/users/${id}/limits`, providesTags: provides }),
    userRealName: build.query<AdminRealNameStatus, number>({
      query: (id) => `/admin/users/${id}/real-name`,
      providesTags: provides,
    }),
    userFactors: build.query<AdminUserFactors, number>({
      query: (id) => `/admin/users/${id}/factors`,
      providesTags: provides,
    }),
    userDevices: build.query<AdminUserDevices, PartArgs>({ query: part('devices'), providesTags: provides }),
    userFreezes: build.query<AdminUserFreezes, PartArgs>({ query: part('freezes'), providesTags: provides }),
    userSessions: build.query<AdminUserSessions, PartArgs>({ query: part('sessions'), providesTags: provides }),
    userLogins: build.query<AdminUserLogins, PartArgs>({ query: part('logins'), providesTags: provides }),
    userMessages: build.query<AdminUserMessages, PartArgs>({ query: part('messages'), providesTags: provides }),
    userSupport: build.query<AdminUserSupport, PartArgs>({ query: part('support'), providesTags: provides }),
    userInvitations: build.query<AdminUserInvitations, PartArgs>({
      query: part('invitations'),
      providesTags: provides,
    }),
    userAudit: build.query<AdminUserAudit, PartArgs>({ query: part('audit'), providesTags: provides }),
    userAdjustments: build.query<z.infer<typeof adjustmentListSchema>, number>({
      query: (id) => ({ url: '/admin/adjustments', params: { user_id: id } }),
      providesTags: provides,
    }),

    setLocked: build.mutation<AdminUser, { id: number; locked: boolean; reason: string }>({
      query: ({ id, locked, reason }) => ({
        url: `/admin/users/${id}/${locked ? 'lock' : 'unlock'}`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['UserPage', 'Users'],
    }),
    setFrozen: build.mutation<AdminUser, { id: number; frozen: boolean; reason: string }>({
      query: ({ id, frozen, reason }) => ({
        url: `/admin/users/${id}/${frozen ? 'freeze' : 'unfreeze'}`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['UserPage', 'Users'],
    }),
    openPasswordReset: build.mutation<
      z.infer<typeof adminPasswordResetSchema>,
      { id: number } & z.input<typeof adminPasswordResetBodySchema>
    >({
      query: ({ id, ...body }) => ({ url: `/admin/users/${id}/password-reset`, method: 'POST', body }),
      invalidatesTags: ['UserPage'],
    }),
    revokeSessions: build.mutation<z.infer<typeof adminSessionsRevokedSchema>, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/users/${id}/sessions/revoke`, method: 'POST', body: { reason } }),
      invalidatesTags: ['UserPage'],
    }),
    allowEdit: build.mutation<AdminPaymentMethod, { id: number; methodId: number; reason: string }>({
      query: ({ id, methodId, reason }) => ({
        url: `/admin/users/${id}/payment-methods/${methodId}/allow-edit`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['UserPage'],
    }),
    sendMessage: build.mutation<OperatorMessageSent, { id: number } & AdminUserMessageBody>({
      query: ({ id, ...body }) => ({ url: `/admin/users/${id}/messages`, method: 'POST', body }),
      invalidatesTags: ['UserPage'],
    }),
    adjust: build.mutation<Adjustment, { id: number } & z.input<typeof adjustmentBodySchema>>({
      query: ({ id, ...body }) => ({ url: `/admin/users/${id}/adjustments`, method: 'POST', body }),
      invalidatesTags: ['UserPage'],
    }),
  }),
});

export const {
  useUserProfileQuery,
  useUserBalancesQuery,
  useUserLedgerQuery,
  useUserOrdersQuery,
  useUserPlansQuery,
  useUserDepositsQuery,
  useUserWithdrawalsQuery,
  useUserMethodsQuery,
  useUserLimitsQuery,
  useUserRealNameQuery,
  useUserFactorsQuery,
  useUserDevicesQuery,
  useUserFreezesQuery,
  useUserSessionsQuery,
  useUserLoginsQuery,
  useUserMessagesQuery,
  useUserSupportQuery,
  useUserInvitationsQuery,
  useUserAuditQuery,
  useUserAdjustmentsQuery,
  useSetLockedMutation,
  useSetFrozenMutation,
  useOpenPasswordResetMutation,
  useRevokeSessionsMutation,
  useAllowEditMutation,
  useSendMessageMutation,
  useAdjustMutation,
} = userPageApi;
