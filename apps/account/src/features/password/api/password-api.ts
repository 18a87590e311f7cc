import { baseApi } from '@app/api-client';
import type { CashInfo, ChangeFundPasswordBody, ChangeLoginPasswordBody } from '@app/contracts';

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
    // Read right after a change: the withdrawal rules carry the hold the change has just started.
    getWithdrawRules: build.query<CashInfo, void>({ query: () => '/api/user/cash', keepUnusedDataFor: 0 }),
  }),
});

export const {
  useChangeLoginPasswordMutation,
  useChangeFundPasswordMutation,
  useGetWithdrawRulesQuery,
  useLazyGetWithdrawRulesQuery,
} = passwordApi;
