import { baseApi } from '@app/api-client';
import type { LiabilitiesProof } from '@app/contracts';

export const liabilitiesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLiabilitiesProof: build.query<LiabilitiesProof, void>({ query: () => ({ url: '/api/user/liabilities_proof' }) }),
  }),
});

export const { useGetLiabilitiesProofQuery } = liabilitiesApi;
