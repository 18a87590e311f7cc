import { baseApi } from '@app/api-client';
import type {
  AuthenticatorConfirmBody,
  AuthenticatorDisableBody,
  AuthenticatorEnrolment,
  AuthenticatorStartBody,
  AuthenticatorStatus,
  RecoveryCodes,
} from '@app/contracts';

export const authenticatorApi = baseApi.enhanceEndpoints({ addTagTypes: ['Authenticator'] }).injectEndpoints({
  endpoints: (build) => ({
    getAuthenticator: build.query<AuthenticatorStatus, void>({
      query: () => '/api/user/authenticator',
      providesTags: ['Authenticator'],
    }),
    // With a passkey on, starting is stepped up (the body carries the factor); without, it has no body.
    startAuthenticator: build.mutation<AuthenticatorEnrolment, AuthenticatorStartBody | void>({
      query: (body) => ({ url: '/api/user/authenticator/start', method: 'POST', ...(body ? { body } : {}) }),
    }),
    // On or off changes what the user summary says (second_factor), which the money forms read.
    confirmAuthenticator: build.mutation<RecoveryCodes, AuthenticatorConfirmBody>({
      query: (body) => ({ url: '/api/user/authenticator/confirm', method: 'POST', body }),
      invalidatesTags: ['Authenticator', 'User'],
    }),
    disableAuthenticator: build.mutation<null, AuthenticatorDisableBody>({
      query: (body) => ({ url: '/api/user/authenticator/disable', method: 'POST', body }),
      invalidatesTags: ['Authenticator', 'User'],
    }),
  }),
});

export const {
  useGetAuthenticatorQuery,
  useStartAuthenticatorMutation,
  useConfirmAuthenticatorMutation,
  useDisableAuthenticatorMutation,
} = authenticatorApi;
