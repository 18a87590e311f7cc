import { baseApi, sessionEnded, sessionStarted, userApi } from '@app/api-client';
import type { LoginBody, RegisterBody, SendCodeBody, SendCodeData, SessionData } from '@app/contracts';

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
    register: build.mutation<SessionData, RegisterBody & FormBody>({
      query: (body) => ({ url: '/api/login/reg', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => startSession(queryFulfilled, dispatch),
    }),
    sendCode: build.mutation<SendCodeData, SendCodeBody>({
      query: (body) => ({ url: '/api/login/sendcode', method: 'POST', body }),
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

export const { useLoginMutation, useRegisterMutation, useSendCodeMutation, useLogoutMutation } = sessionApi;
