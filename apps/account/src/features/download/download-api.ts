import { baseApi } from '@app/api-client';
import type { PublicSettings } from '@app/contracts';

/** /api/index/ater: the public settings, read here for the operator-configured app download links. */
export const downloadApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDownloadSettings: build.query<PublicSettings, void>({ query: () => ({ url: '/api/index/ater' }) }),
  }),
});

export const { useGetDownloadSettingsQuery } = downloadApi;
