import { baseApi } from '@app/api-client';
import type { AntiPhishingBody } from '@app/contracts';

export const antiPhishingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The code is part of the user summary (the withdrawal sheet reads it there).
    setAntiPhishing: build.mutation<null, AntiPhishingBody>({
      query: (body) => ({ url: '/api/user/anti_phishing', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useSetAntiPhishingMutation } = antiPhishingApi;
