import { baseApi } from '@app/api-client';
import type { Certification, CertificationBody } from '@app/contracts';

export const kycApi = baseApi.enhanceEndpoints({ addTagTypes: ['Certification'] }).injectEndpoints({
  endpoints: (build) => ({
    getCertification: build.query<Certification, void>({
      query: () => ({ url: '/api/user/certification' }),
      providesTags: ['Certification'],
    }),
    submitCertification: build.mutation<Certification, CertificationBody>({
      query: (body) => ({ url: '/api/user/certification', method: 'POST', body }),
      // The user info carries real_name_state too.
      invalidatesTags: ['Certification', 'User'],
    }),
  }),
});

export const { useGetCertificationQuery, useSubmitCertificationMutation } = kycApi;
