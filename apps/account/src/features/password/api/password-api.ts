import { baseApi } from '@app/api-client';
import type { ChangeFundPasswordBody, ChangeLoginPasswordBody } from '@app/contracts';

export const passwordApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    changeLoginPassword: build.mutation<null, ChangeLoginPasswordBody>({
      query: (body) => ({ url: '/api/user/pwd_login', method: 'POST', body }),
    }),
    changeFundPassword: build.mutation<null, ChangeFundPasswordBody>({
      query: (body) => ({ url: '/api/user/pwd_pay', method: 'POST', body }),
      // has_fund_password changes after the first one is set.
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useChangeLoginPasswordMutation, useChangeFundPasswordMutation } = passwordApi;
