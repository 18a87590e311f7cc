import { baseApi } from '@app/api-client';
import type { PublicSettings } from '@app/contracts';

/**
 * /api/index/ater: what operators publish for everyone (customer-service channels, app download links, the
 * withdrawal window). One endpoint for every page of this remote, so the app reads it once.
 */
export const publicSettingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPublicSettings: build.query<PublicSettings, void>({ query: () => '/api/index/ater' }),
  }),
});

export const { useGetPublicSettingsQuery } = publicSettingsApi;
