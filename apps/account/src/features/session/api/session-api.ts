import { baseApi, selectToken, sessionEnded, sessionStarted, userApi, type RootState } from '@app/api-client';
import type {
  LoginBody,
  PasskeyAssertionBody,
  RegisterBody,
  ResetPasswordBody,
  SendCodeBody,
  SendCodeData,
  SessionData,
  WebAuthnOptions,
} from '@app/contracts';

type FormBody = Record<string, string | number | boolean | undefined>;

/** Starts the session from a login or registration answer and seeds the user info it carries. */
async function startSession(queryFulfilled: Promise<{ data: SessionData }>, dispatch: (action: unknown) => unknown) {
  try {
    const { data } = await queryFulfilled;
    dispatch(sessionStarted(data.token));
    dispatch(userApi.util.upsertQueryData('getUserInfo', undefined, data.user));
  } catch {
    // The page shows the refusal; there is no session to start.
  }
}

export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<SessionData, LoginBody>({
      query: (body) => ({ url: '/api/login/index', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => startSession(queryFulfilled, dispatch),
    }),
    passkeyLoginOptions: build.mutation<WebAuthnOptions, void>({
      query: () => ({ url: '/api/login/passkey_options', method: 'POST' }),
    }),
    /** Signing in with a passkey alone: the assertion the device signed, as JSON text. */
    loginWithPasskey: build.mutation<SessionData, PasskeyAssertionBody>({
      query: (body) => ({ url: '/api/login/passkey', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => startSession(queryFulfilled, dispatch),
    }),
    register: build.mutation<SessionData, RegisterBody & FormBody>({
      query: (body) => ({ url: '/api/login/reg', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => startSession(queryFulfilled, dispatch),
    }),
    sendCode: build.mutation<SendCodeData, SendCodeBody>({
      query: (body) => ({ url: '/api/login/sendcode', method: 'POST', body }),
    }),
    /**
     * Completes a reset customer service opened (works logged out). A new login password ends every session,
     * this device's too: its token is dropped once the server has said so.
     */
    resetPassword: build.mutation<null, ResetPasswordBody & FormBody>({
      query: (body) => ({ url: '/api/login/reset_password', method: 'POST', body }),
      async onQueryStarted(body, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return; // The form shows the refusal; nothing changed.
        }
        if (body.kind === 'login' && selectToken(getState() as RootState)) dispatch(sessionEnded('logout'));
      },
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: '/api/login/logout', method: 'POST' }),
      // The session ends on this device whatever the server answers: the user asked to leave.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          // Ended locally anyway.
        }
        dispatch(sessionEnded('logout'));
      },
    }),
  }),
});

export const {
  useLoginMutation,
  useLoginWithPasskeyMutation,
  usePasskeyLoginOptionsMutation,
  useRegisterMutation,
  useSendCodeMutation,
  useResetPasswordMutation,
  useLogoutMutation,
} = sessionApi;
