import { baseApi } from '@app/api-client';
import type { CaseOpenBody, UserCase, UserCaseList } from '@app/contracts';

const casesBase = baseApi.enhanceEndpoints({ addTagTypes: ['Cases'] });

/** The user's cases: contest an item (form-urlencoded like every app request), the list and one case. */
export const casesApi = casesBase.injectEndpoints({
  endpoints: (build) => ({
    getCases: build.query<UserCaseList, void>({ query: () => '/api/user/cases', providesTags: ['Cases'] }),
    getCase: build.query<UserCase, number>({
      query: (id) => ({ url: '/api/user/case', params: { id } }),
      providesTags: ['Cases'],
    }),
    openCase: build.mutation<UserCase, CaseOpenBody>({
      query: (body) => ({
        url: '/api/user/cases',
        method: 'POST',
        body: {
          kind: body.kind,
          item_id: String(body.item_id),
          text: body.text,
          ...(body.upload_id ? { upload_id: body.upload_id } : {}),
        },
      }),
      invalidatesTags: ['Cases'],
    }),
  }),
});

export const { useGetCasesQuery, useGetCaseQuery, useOpenCaseMutation } = casesApi;
