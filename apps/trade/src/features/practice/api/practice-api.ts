import { baseApi } from '@app/api-client';
import type { PracticeAccount } from '@app/contracts';

/** The practice account (opened by the server on first read) and its once-a-day reset. */
export const practiceApi = baseApi.enhanceEndpoints({ addTagTypes: ['Order', 'Practice'] }).injectEndpoints({
  endpoints: (build) => ({
    getPractice: build.query<PracticeAccount, void>({
      query: () => ({ url: '/api/user/practice' }),
      // Orders placed and settled move the practice balance.
      providesTags: ['Practice', 'Order'],
    }),
    resetPractice: build.mutation<PracticeAccount, void>({
      query: () => ({ url: '/api/user/practice/reset', method: 'POST' }),
      invalidatesTags: ['Practice'],
    }),
  }),
});

export const { useGetPracticeQuery, useResetPracticeMutation } = practiceApi;
